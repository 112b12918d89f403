import fs from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~db/client.server";
import { readToast } from "~/server/forms/toast.server";
import { buildOpenApiDocument } from "~/server/api/openapi.server";
import { ADMIN_SCREENS } from "~/utils/admin-screens";
import * as collectionRoute from "~/routes/api.admin.$collection";
import * as collectionItemRoute from "~/routes/api.admin.$collection.$id";
import * as recordRevisions from "~/routes/api.admin.$collection.$id.revisions";
import * as trashRestore from "~/routes/api.admin.trash.$collection.$id.restore";
import * as sectionList from "~/routes/admin.$section";
import * as sectionNew from "~/routes/admin.$section.new";
import * as sectionEdit from "~/routes/admin.$section.$id.edit";
import * as sectionDelete from "~/routes/admin.$section.$id.delete";
import { call, invoke, jsonOf, operatorCookie, SITE } from "../helpers/api-client";
import { withParams } from "../helpers/route-modules";
import { AWARDS_MIGRATION } from "./example-collection/table";

/**
 * docs/adding-a-record-type.md followed for a small example, press awards, added here and not in the
 * product: the files it writes are in ./example-collection, and the guide's two one-line additions to
 * lists (the collections' registry and the stores) and the trash's list of names are made by the mocks
 * below. Everything else (the admin screens, the JSON API, history, the trash, the OpenAPI document) must
 * follow from those without another file.
 */

vi.mock("~db/schema", async (importOriginal) => {
  const schema = await importOriginal<typeof import("~db/schema")>();
  return { ...schema, TRASH_COLLECTIONS: [...schema.TRASH_COLLECTIONS, "awards"] };
});

vi.mock("~/collections/registry", async (importOriginal) => {
  const { COLLECTIONS } = await importOriginal<typeof import("~/collections/registry")>();
  const { awards } = await import("./example-collection/awards");
  return { COLLECTIONS: [...COLLECTIONS, awards] };
});

vi.mock("~/server/collections/stores.server", async (importOriginal) => {
  const { STORES } = await importOriginal<typeof import("~/server/collections/stores.server")>();
  const { recordStore, formJson } = await import("~/server/collections/store.server");
  const { awards } = await import("./example-collection/awards");
  const { awardSchema } = await import("./example-collection/award-schema");
  const { awardModel } = await import("./example-collection/awards.server");
  return {
    STORES: {
      ...STORES,
      awards: recordStore(awards, {
        ...awardModel,
        label: (row) => row.title,
        json: formJson(awardSchema, "Award not found"),
      }),
    },
  };
});

/** The files the guide says a new collection touches, and where this test does each. */
const FOLLOWED: Record<string, string> = {
  "db/schema.ts":
    "example-collection/table.ts (the table) and the ~db/schema mock (its name in TRASH_COLLECTIONS)",
  "db/migrations/": "AWARDS_MIGRATION in example-collection/table.ts",
  "app/schemas/award.ts": "example-collection/award-schema.ts",
  "app/collections/awards.ts": "example-collection/awards.ts",
  "app/collections/registry.ts": "the ~/collections/registry mock",
  "app/models/awards.server.ts": "example-collection/awards.server.ts",
  "app/server/collections/stores.server.ts": "the ~/server/collections/stores.server mock",
};

const list = withParams(sectionList, { section: "awards" });
const create = withParams(sectionNew, { section: "awards" });
const edit = withParams(sectionEdit, { section: "awards" });
const remove = withParams(sectionDelete, { section: "awards" });
const apiList = withParams(collectionRoute, { collection: "awards" });
const apiItem = withParams(collectionItemRoute, { collection: "awards" });

let cookie: string;
beforeAll(async () => {
  for (const statement of AWARDS_MIGRATION) await getDb().execute(sql.raw(statement));
  cookie = await operatorCookie("admin@kestrelinsight.example");
});

function dataOf<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

async function toastOf(result: unknown) {
  const set = (result as Response).headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="));
  const { toast } = await readToast(new Request(SITE, { headers: { Cookie: set!.split(";")[0]! } }));
  return toast?.description;
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  cookie,
  body: new URLSearchParams(fields),
});

describe("a new collection, following docs/adding-a-record-type.md", () => {
  it("touches the files the guide lists, fewer than eight", () => {
    const guide = fs.readFileSync("docs/adding-a-record-type.md", "utf8");
    const listed = [...guide.matchAll(/^\| \d+ \| `([^`]+)` \|/gm)].map((match) => match[1]);
    expect(listed).toEqual(Object.keys(FOLLOWED));
    expect(listed.length).toBeLessThan(8);
  });

  it("has its screen in the sidebar and an empty list with its own texts", async () => {
    expect(ADMIN_SCREENS.map((screen) => screen.label)).toContain("Awards");
    const { status, result } = await invoke(list, "/admin/awards", { cookie });
    expect(status).toBe(200);
    expect(dataOf<{ records: unknown[] }>(result).records).toEqual([]);
  });

  it("is created, refused when invalid, edited, refused when stale, and deleted into the trash in its dialogs", async () => {
    const refused = await invoke(
      create,
      "/admin/awards/new",
      form({ title: "", awardedBy: "FT", displayOrder: "0" }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.result)).toContain("Title is required");

    const created = await invoke(
      create,
      "/admin/awards/new",
      form({ title: "Fintech of the Year", awardedBy: "FT", displayOrder: "0" }),
    );
    expect(created.status).toBe(302);
    expect((created.result as Response).headers.get("Location")).toBe("/admin/awards");
    expect(await toastOf(created.result)).toBe("Award created successfully!");

    const [award] = dataOf<{ records: { id: number; title: string }[] }>(
      (await invoke(list, "/admin/awards", { cookie })).result,
    ).records;
    expect(award!.title).toBe("Fintech of the Year");
    const params = { id: String(award!.id) };
    const editing = dataOf<{ record: Record<string, unknown> }>(
      (await invoke(edit, `/admin/awards/${award!.id}/edit`, { cookie, params })).result,
    );
    expect(editing.record).toMatchObject({ title: "Fintech of the Year", awardedBy: "FT", version: 1 });

    const updated = await invoke(edit, `/admin/awards/${award!.id}/edit`, {
      ...form({ title: "Fintech of the Year 2026", awardedBy: "FT", displayOrder: "1", version: "1" }),
      params,
    });
    expect(await toastOf(updated.result)).toBe("Award updated successfully!");
    const stale = await invoke(edit, `/admin/awards/${award!.id}/edit`, {
      ...form({ title: "Older copy", awardedBy: "FT", displayOrder: "1", version: "1" }),
      params,
    });
    expect(stale.status).toBe(409);

    const question = dataOf<{ name: string; note: string }>(
      (await invoke(remove, `/admin/awards/${award!.id}/delete`, { cookie, params })).result,
    );
    expect(question.name).toBe("Fintech of the Year 2026");
    const deleted = await invoke(remove, `/admin/awards/${award!.id}/delete`, { ...form({}), params });
    expect(await toastOf(deleted.result)).toBe("Award deleted successfully!");

    const restored = await call(trashRestore, `/api/admin/trash/awards/${award!.id}/restore`, {
      method: "POST",
      cookie,
      params: { collection: "awards", id: String(award!.id) },
    });
    expect(restored.status).toBe(200);
    expect(await jsonOf(restored)).toMatchObject({ id: award!.id, title: "Fintech of the Year 2026" });
  });

  it("has a JSON API: 201 with the record, 400 with field errors, its versions, 204 on delete", async () => {
    const bad = await call(apiList, "/api/admin/awards", { method: "POST", cookie, json: { title: "x" } });
    expect(bad.status).toBe(400);
    const made = await call(apiList, "/api/admin/awards", {
      method: "POST",
      cookie,
      json: { title: "Best Research", awardedBy: "Investment Week", displayOrder: 2 },
    });
    expect(made.status).toBe(201);
    const record = await jsonOf<{ id: number; version: number; createdAt: string }>(made);
    expect(record).toMatchObject({ title: "Best Research", awardedBy: "Investment Week", version: 1 });
    expect(new Date(record.createdAt).toISOString()).toBe(record.createdAt);

    const path = `/api/admin/awards/${record.id}`;
    const params = { id: String(record.id) };
    const put = await call(apiItem, path, {
      method: "PUT",
      cookie,
      params,
      json: { title: "Best Research 2026", awardedBy: "Investment Week", displayOrder: 2, version: 1 },
    });
    expect(put.status).toBe(200);
    const versions = await call(withParams(recordRevisions, { collection: "awards" }), `${path}/revisions`, {
      cookie,
      params,
    });
    expect((await jsonOf<{ total: number }>(versions)).total).toBe(2);
    expect((await call(apiItem, path, { method: "DELETE", cookie, params })).status).toBe(204);
  });

  it("is in the OpenAPI document, records, inputs and history", () => {
    const document = buildOpenApiDocument(SITE) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(document.paths["/api/admin/awards"]!)).toContain("post");
    expect(Object.keys(document.paths["/api/admin/awards/{id}"]!).sort()).toEqual(["delete", "put"]);
    expect(document.paths["/api/admin/awards/{id}/revisions"]).toBeDefined();
    expect(document.components.schemas).toHaveProperty("Award");
    expect(document.components.schemas).toHaveProperty("AwardInput");
  });
});
