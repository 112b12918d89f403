import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "~/models/clock.server";
import { createMenuItem, getMenuItem, listMenuItems } from "~/models/menu-items.server";
import { createPost, getPost } from "~/models/posts.server";
import { createProduct, getProduct } from "~/models/products.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { listRevisions } from "~/models/revisions.server";
import { createStatistic } from "~/models/statistics.server";
import { getTrashEntry, listTrash } from "~/models/trash.server";
import * as postDelete from "~/routes/admin.news.$id.delete";
import * as trash from "~/routes/admin.trash";
import * as trashDelete from "~/routes/admin.trash.$collection.$id.delete";
import { POST_MESSAGES } from "~/schemas/post";
import { getConfig, setConfig } from "~/server/config.server";
import { readToast } from "~/server/forms/toast.server";
import { runMaintenance } from "~/server/http/maintenance.server";
import { londonIsoDate } from "~/utils/london-time";
import { call, invoke, jsonOf, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";
import * as sectionDelete from "~/routes/admin.$section.$id.delete";
import { withParams } from "../helpers/route-modules";
import * as publicCollectionRoute from "~/routes/api.$collection";

const publicProducts = withParams(publicCollectionRoute, { collection: "products" });

const menuDelete = withParams(sectionDelete, { section: "menus" });
const productDelete = withParams(sectionDelete, { section: "products" });
const statDelete = withParams(sectionDelete, { section: "stats" });

let ada: string;
beforeAll(async () => {
  ada = await operatorCookie("admin@kestrelinsight.example");
});
afterEach(() => setClock(null));

const actor = { userId: null, email: "seed@kestrelinsight.example" };

interface Options {
  cookie?: string;
  params?: Record<string, string>;
  clientAddress?: string;
}

const get = (route: RouteHandlers, path: string, options: Options = {}) =>
  invoke(route, path, { cookie: ada, ...options });
const post = (route: RouteHandlers, path: string, fields: Record<string, string>, options: Options = {}) =>
  invoke(route, path, { cookie: ada, ...options, method: "POST", body: new URLSearchParams(fields) });

function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

async function redirected(result: unknown) {
  if (!(result instanceof Response))
    throw new Error(`expected a redirect, got ${JSON.stringify(body(result))}`);
  const cookie = result.headers
    .getSetCookie()
    .find((c) => c.startsWith("kestrel_toast="))
    ?.split(";")[0];
  const { toast } = await readToast(new Request(SITE, { headers: cookie ? { Cookie: cookie } : {} }));
  return { status: result.status, location: result.headers.get("Location"), toast };
}

const success = (description: string) => ({ title: "Success", description });
const failure = (description: string) => ({ title: "Error", description, variant: "destructive" });

interface TrashRow {
  collection: string;
  id: number;
  kind: string;
  label: string;
  childCount: number;
  deletedBy: string;
  deletedAt: string;
  deleted: string;
  purgeDate: string;
  purge: string;
}

async function trashRows(): Promise<TrashRow[]> {
  const { status, result } = await get(trash, "/admin/trash");
  expect(status).toBe(200);
  return body<{ entries: TrashRow[] }>(result).entries;
}

const restore = (collection: string, id: number) =>
  post(trash, "/admin/trash", { intent: "restore", collection, id: String(id) });

const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

async function newProduct(name: string) {
  const made = await createProduct(
    { name, description: "Pensions, explained.", url: "/platforms", badge: "beta", displayOrder: 40 },
    actor,
  );
  if (!made.ok) throw new Error("could not create a product");
  return made.record;
}

describe("signed out, the trash does not exist", () => {
  it("answers 404 to its loaders and actions", async () => {
    expect((await get(trash, "/admin/trash", { cookie: "" })).status).toBe(404);
    expect(
      (
        await post(
          trash,
          "/admin/trash",
          { intent: "restore", collection: "products", id: "1" },
          { cookie: "" },
        )
      ).status,
    ).toBe(404);
    const params = { collection: "products", id: "1" };
    expect((await get(trashDelete, "/admin/trash/products/1/delete", { cookie: "", params })).status).toBe(
      404,
    );
    expect(
      (await post(trashDelete, "/admin/trash/products/1/delete", {}, { cookie: "", params })).status,
    ).toBe(404);
  });
});

describe("the trash screen", () => {
  it("every delete confirmation says the record goes to the trash for 30 days, after SPEC's question", async () => {
    const product = await newProduct(unique("Notice"));
    const confirmation = body<{ name: string; note: string }>(
      (
        await get(productDelete, `/admin/products/${product.id}/delete`, {
          params: { id: String(product.id) },
        })
      ).result,
    );
    expect(confirmation).toEqual({
      name: product.name,
      note: "It goes to the trash, where it can be restored for 30 days.",
    });
  });

  it("a delete's toast offers Undo, which restores the record and returns to its list (only ever an admin list)", async () => {
    const product = await newProduct(unique("Undo Pensions"));
    const params = { id: String(product.id) };
    const deleted = await redirected(
      (await post(productDelete, `/admin/products/${product.id}/delete`, {}, { params })).result,
    );
    expect(deleted.toast).toEqual({
      ...success("Product deleted successfully!"),
      undo: { collection: "products", id: product.id, returnTo: "/admin/products", label: product.name },
    });
    const undone = await redirected(
      (await post(trash, "/admin/trash", { intent: "restore", collection: "products", id: String(product.id), returnTo: "/admin/products" })).result,
    );
    expect(undone).toEqual({ status: 302, location: "/admin/products", toast: success("Product restored.") });
    expect(await getProduct(product.id)).toMatchObject({ id: product.id, name: product.name });

    // A forged return address is not followed: the trash's own answer instead.
    await post(productDelete, `/admin/products/${product.id}/delete`, {}, { params });
    const forged = await redirected(
      (await post(trash, "/admin/trash", { intent: "restore", collection: "products", id: String(product.id), returnTo: "//evil.example/admin" })).result,
    );
    expect(forged.location).toBe("/admin/trash");
    expect(await getProduct(product.id)).not.toBeNull();
  });

  it("a deleted product is listed, restored with the same id and values, and shown to visitors again", async () => {
    const product = await newProduct(unique("Robo Pensions"));
    const params = { id: String(product.id) };
    const deleted = await redirected(
      (await post(productDelete, `/admin/products/${product.id}/delete`, {}, { params })).result,
    );
    expect(deleted.toast).toMatchObject(success("Product deleted successfully!"));
    expect(await getProduct(product.id)).toBeNull();

    const row = (await trashRows()).find(
      (entry) => entry.collection === "products" && entry.id === product.id,
    )!;
    expect(row).toMatchObject({
      kind: "Product",
      label: product.name,
      childCount: 0,
      deletedBy: "admin@kestrelinsight.example",
    });
    expect(row.deleted).toMatch(/^Today, \d{2}:\d{2}$/);
    const purgeAt = new Date(new Date(row.deletedAt).getTime() + 30 * 86_400_000);
    expect(row.purgeDate).toBe(londonIsoDate(purgeAt));
    expect(row.purge).toMatch(/^\d{1,2} \w+ \d{4}$/);

    const visitorsBefore = await jsonOf<{ id: number }[]>(await call(publicProducts, "/api/products"));
    expect(visitorsBefore.some((p) => p.id === product.id)).toBe(false);

    const restored = await redirected((await restore("products", product.id)).result);
    expect(restored).toEqual({ status: 302, location: "/admin/trash", toast: success("Product restored.") });
    const back = await getProduct(product.id);
    expect(back).toMatchObject({
      id: product.id,
      name: product.name,
      description: product.description,
      url: product.url,
      badge: product.badge,
      displayOrder: product.displayOrder,
    });
    expect(back!.version).toBeGreaterThan(product.version);
    expect(await getTrashEntry("products", product.id)).toBeNull();
    const visitorsAfter = await jsonOf<{ id: number; name: string }[]>(
      await call(publicProducts, "/api/products"),
    );
    expect(visitorsAfter.find((p) => p.id === product.id)?.name).toBe(product.name);
    expect((await listRevisions("product", product.id))[0]).toMatchObject({
      note: "Restored from the trash",
      actorEmail: "admin@kestrelinsight.example",
    });

    // Restoring again: it is no longer there.
    expect((await redirected((await restore("products", product.id)).result)).toast).toEqual(
      failure("That record is no longer in the trash."),
    );
  });

  it("a post whose slug was taken meanwhile is refused with the reason, and stays in the trash", async () => {
    const slug = unique("trash-slug");
    const fields = {
      slug,
      title: "Gone for now",
      summary: "S.",
      body: "B.",
      category: "news" as const,
      status: "draft" as const,
      publishAt: null,
    };
    const first = await createPost(fields, actor);
    if (!first.ok) throw new Error("could not create a post");
    const params = { id: String(first.record.id) };
    await redirected(
      (await post(postDelete, `/admin/news/${first.record.id}/delete`, {}, { params })).result,
    );
    const taker = await createPost({ ...fields, title: "Took the slug" }, actor);
    expect(taker.ok).toBe(true);

    const refused = await redirected((await restore("posts", first.record.id)).result);
    expect(refused.location).toBe("/admin/trash");
    expect(refused.toast).toEqual(
      failure(`“Gone for now” was not restored and is still in the trash: ${POST_MESSAGES.slugTaken(slug)}`),
    );
    expect(await getPost(first.record.id)).toBeNull();
    expect(await getTrashEntry("posts", first.record.id)).not.toBeNull();
  });

  it("deleting a menu item with children says so; they go to the trash and come back with it", async () => {
    const make = async (label: string, parentId: string | null) => {
      const made = await createMenuItem(
        {
          menuType: "footer",
          label,
          url: "/about",
          icon: null,
          displayOrder: 50,
          isActive: true,
          openInNewTab: false,
          parentId,
        },
        actor,
      );
      if (!made.ok) throw new Error(`could not create ${label}`);
      return made.record;
    };
    const parent = await make(unique("Company"), null);
    const child = await make("Team", String(parent.id));
    const grandchild = await make("Board", String(child.id));
    const params = { id: String(parent.id) };

    const confirmation = body<{ name: string; note: string }>(
      (await get(menuDelete, `/admin/menus/${parent.id}/delete`, { params })).result,
    );
    expect(confirmation).toEqual({
      name: parent.label,
      note: "It goes to the trash, where it can be restored for 30 days. The 2 items under it go with it.",
    });
    const leaf = body<{ note: string }>(
      (
        await get(menuDelete, `/admin/menus/${grandchild.id}/delete`, {
          params: { id: String(grandchild.id) },
        })
      ).result,
    );
    expect(leaf.note).toBe("It goes to the trash, where it can be restored for 30 days.");

    const deleted = await redirected(
      (await post(menuDelete, `/admin/menus/${parent.id}/delete`, {}, { params })).result,
    );
    expect(deleted.toast).toMatchObject(success("Menu item deleted successfully!"));
    const ids = (await listMenuItems()).map((item) => item.id);
    for (const item of [parent, child, grandchild]) expect(ids).not.toContain(item.id);
    expect(
      (await trashRows()).find((entry) => entry.id === parent.id && entry.collection === "menu-items"),
    ).toMatchObject({
      kind: "Menu item",
      label: parent.label,
      childCount: 2,
    });
    // The sub-items are in the trash with their parent, not on their own.
    expect(await getTrashEntry("menu-items", child.id)).toBeNull();

    const restored = await redirected((await restore("menu-items", parent.id)).result);
    expect(restored.toast).toEqual(success("Menu item restored, with the 2 items under it."));
    expect(await getMenuItem(parent.id)).toMatchObject({ label: parent.label, parentId: null });
    expect(await getMenuItem(child.id)).toMatchObject({ label: "Team", parentId: parent.id });
    expect(await getMenuItem(grandchild.id)).toMatchObject({ label: "Board", parentId: child.id });
  });

  it("delete permanently asks first, then the record and its history are gone", async () => {
    const product = await newProduct(unique("Short-lived"));
    await redirected(
      (
        await post(
          productDelete,
          `/admin/products/${product.id}/delete`,
          {},
          { params: { id: String(product.id) } },
        )
      ).result,
    );
    const params = { collection: "products", id: String(product.id) };
    const path = `/admin/trash/products/${product.id}/delete`;

    const confirmation = await get(trashDelete, path, { params });
    expect(confirmation.status).toBe(200);
    expect(body(confirmation.result)).toEqual({
      label: product.name,
      noun: "Product",
      childCount: 0,
      along: "",
    });

    const gone = await redirected((await post(trashDelete, path, {}, { params })).result);
    expect(gone).toEqual({
      status: 302,
      location: "/admin/trash",
      toast: success(`“${product.name}” deleted permanently.`),
    });
    expect(await getTrashEntry("products", product.id)).toBeNull();
    expect(await listRevisions("product", product.id)).toEqual([]);
    expect(
      (await trashRows()).some((entry) => entry.id === product.id && entry.collection === "products"),
    ).toBe(false);

    // Nothing left to confirm or delete.
    expect((await get(trashDelete, path, { params })).status).toBe(404);
    expect((await redirected((await post(trashDelete, path, {}, { params })).result)).toast).toEqual(
      failure("That record is no longer in the trash."),
    );
    // Addresses that are not trash entries at all.
    expect(
      (await get(trashDelete, "/admin/trash/users/1/delete", { params: { collection: "users", id: "1" } }))
        .status,
    ).toBe(404);
    expect(
      (
        await get(trashDelete, "/admin/trash/products/x/delete", {
          params: { collection: "products", id: "x" },
        })
      ).status,
    ).toBe(404);
  });

  it("a restore that is not one of its forms, or for something not in the trash, changes nothing", async () => {
    expect(
      (await post(trash, "/admin/trash", { intent: "delete", collection: "products", id: "1" })).status,
    ).toBe(400);
    for (const [collection, id] of [
      ["users", "1"],
      ["products", "0"],
      ["products", "99999999"],
    ] as const) {
      expect(
        (await redirected((await post(trash, "/admin/trash", { intent: "restore", collection, id })).result))
          .toast,
      ).toEqual(failure("That record is no longer in the trash."));
    }
  });

  it("a restore over the admin write rate limit is refused with SPEC's wait message", async () => {
    const product = await newProduct(unique("Limited"));
    await redirected(
      (
        await post(
          productDelete,
          `/admin/products/${product.id}/delete`,
          {},
          { params: { id: String(product.id) } },
        )
      ).result,
    );
    const config = getConfig();
    setConfig({
      ...config,
      rateLimits: { ...config.rateLimits, adminWrite: { max: 1, windowSeconds: 600 } },
    });
    try {
      const clientAddress = "198.51.100.91";
      await post(
        trash,
        "/admin/trash",
        { intent: "restore", collection: "products", id: "0" },
        { clientAddress },
      );
      const limited = await post(
        trash,
        "/admin/trash",
        { intent: "restore", collection: "products", id: String(product.id) },
        { clientAddress },
      );
      expect((await redirected(limited.result)).toast).toEqual(failure(RATE_LIMIT_MESSAGE));
      expect(await getTrashEntry("products", product.id)).not.toBeNull();
    } finally {
      setConfig(config);
    }
  });

  it("shows an empty trash as empty", async () => {
    // Whatever earlier tests left goes for good once its 30 days are over.
    setClock(() => new Date(Date.now() + 40 * 86_400_000));
    await runMaintenance();
    setClock(null);
    const { result } = await get(trash, "/admin/trash");
    expect(body<{ entries: unknown[]; trashDays: number }>(result)).toEqual({ entries: [], trashDays: 30 });
  });
});

describe("the trash empties itself after 30 days", () => {
  it("keeps a record deleted 29 days ago, and removes it, with its history, at 31", async () => {
    const made = await createStatistic({ label: unique("Purged"), value: "7", displayOrder: 70 }, actor);
    if (!made.ok) throw new Error("could not create a statistic");
    const id = made.record.id;
    await redirected(
      (await post(statDelete, `/admin/stats/${id}/delete`, {}, { params: { id: String(id) } })).result,
    );
    expect((await listRevisions("statistic", id)).length).toBeGreaterThan(0);
    const start = Date.now();

    setClock(() => new Date(start + 29 * 86_400_000));
    await runMaintenance();
    expect(await getTrashEntry("statistics", id)).not.toBeNull();
    expect((await listRevisions("statistic", id)).length).toBeGreaterThan(0);

    setClock(() => new Date(start + 31 * 86_400_000));
    const { trash: purged } = await runMaintenance();
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await getTrashEntry("statistics", id)).toBeNull();
    expect(await listRevisions("statistic", id)).toEqual([]);
    expect(
      (await listTrash()).some((entry) => entry.collection === "statistics" && entry.recordId === id),
    ).toBe(false);
  });
});
