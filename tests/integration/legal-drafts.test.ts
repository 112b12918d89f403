import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { setClock } from "~/models/clock.server";
import * as adminLegal from "~/routes/admin.legal";
import * as editor from "~/routes/admin.legal_.$key";
import * as discard from "~/routes/admin.legal_.$key_.discard";
import * as preview from "~/routes/admin.legal_.$key_.preview";
import * as publish from "~/routes/admin.legal_.$key_.publish";
import * as terms from "~/routes/_site.terms";
import * as termsVersions from "~/routes/_site.terms_.versions";
import * as apiLegal from "~/routes/api.legal-documents.$key";
import * as apiDraft from "~/routes/api.admin.legal-documents.$key.draft";
import * as apiDraftPublish from "~/routes/api.admin.legal-documents.$key.draft.publish";
import * as apiAdminLegal from "~/routes/api.admin.legal-documents.$key";
import { legalDraftRecord, legalVersionRecord } from "~/server/api/publishing-resources.server";
import { readToast } from "~/server/forms/toast.server";
import { LEGAL_PLACEHOLDERS } from "~/utils/legal-facts";
import { call, invoke, jsonOf, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";

/**
 * A legal document's next version as a draft: kept and editable, never public (pages, versions list, public
 * API), previewed as its page will look, compared with the newest version, published only through a
 * confirmation that names what happens, or discarded. The terms are used: the other legal tests change privacy.
 */

let operator: string;
beforeAll(async () => {
  operator = await operatorCookie();
});
afterEach(() => setClock(null));

const params = { key: "terms" };

function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

const get = (route: RouteHandlers, path: string, cookie = operator) => invoke(route, path, { cookie, params });
const post = (route: RouteHandlers, path: string, fields: Record<string, string>, cookie = operator) =>
  invoke(route, path, { cookie, params, method: "POST", body: new URLSearchParams(fields) });

async function toastOf(response: unknown) {
  const cookie = (response as Response).headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))!.split(";")[0]!;
  return (await readToast(new Request(SITE, { headers: { Cookie: cookie } }))).toast;
}

type Editor = {
  form: { body: string; effectiveDate: string; changeSummary: string };
  draft: null | { version: number; savedAt: string; against: { version: number }; body: { kind: string; text: string }[]; unchanged: boolean };
};
type PublicPage = { document: { version: number; sections: { id: string; html: string }[] } };
type Confirm = { version: number; title: string; draft: null | { savedAt: string; consequence: string; changeSummary: string } };

describe("legal drafts", () => {
  it("are for operators only, on every route", async () => {
    for (const route of [editor, preview, publish, discard]) expect((await get(route, "/admin/legal/terms/x", "")).status).toBe(404);
    expect((await post(publish, "/admin/legal/terms/publish", { version: "2", draftSavedAt: "x" }, "")).status).toBe(404);
    expect((await post(discard, "/admin/legal/terms/discard", {}, "")).status).toBe(404);
    expect((await call(apiDraft, "/api/admin/legal-documents/terms/draft", { params })).status).toBe(401);
    // Nothing to preview, publish or discard before a draft is saved.
    expect((await get(preview, "/admin/legal/terms/preview")).status).toBe(404);
    expect((await get(discard, "/admin/legal/terms/discard")).status).toBe(404);
    expect(body<Confirm>((await get(publish, "/admin/legal/terms/publish")).result).draft).toBeNull();
  });

  it("a draft is kept and editable, not public, previewed as its page, compared, then published after the confirmation", async () => {
    setClock(() => new Date("2030-03-01T10:00:00Z"));
    const start = body<Editor>((await get(editor, "/admin/legal/terms")).result);
    expect(start.draft).toBeNull();
    const firstId = body<PublicPage>((await get(terms, "/terms")).result).document.sections[0]!.id;
    const added = `Kept for ${LEGAL_PLACEHOLDERS[0]!.token} in this draft.`;
    const draftBody = start.form.body.replace(/\n/, `\n\n${added}\n`);

    const saved = await post(editor, "/admin/legal/terms", { body: draftBody, effectiveDate: "2030-03-01", changeSummary: "Draft one." });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved.result)).toMatchObject({ description: editor.LEGAL_DRAFT_SAVED });

    // The editor shows the draft's text, its number and the line diff against version 1.
    const withDraft = body<Editor>((await get(editor, "/admin/legal/terms")).result);
    expect(withDraft.form).toMatchObject({ body: draftBody.trim(), changeSummary: "Draft one." });
    expect(withDraft.draft).toMatchObject({ version: 2, against: { version: 1 }, unchanged: false });
    expect(withDraft.draft!.body.filter((row) => row.kind === "added").map((row) => row.text)).toContain(added);
    expect(body<{ documents: { key: string; draftVersion: number | null }[] }>((await get(adminLegal, "/admin/legal")).result).documents)
      .toEqual(expect.arrayContaining([expect.objectContaining({ key: "terms", draftVersion: 2 }), expect.objectContaining({ key: "privacy", draftVersion: null })]));

    // Visitors, the version list and the public API still have version 1 only.
    const visible = body<PublicPage>((await get(terms, "/terms", "")).result).document;
    expect(visible.version).toBe(1);
    expect(JSON.stringify(visible.sections)).not.toContain("in this draft");
    expect(body<{ versions: { version: number }[] }>((await get(termsVersions, "/terms/versions", "")).result).versions.map((v) => v.version)).toEqual([1]);
    const api = await jsonOf<{ version: number; body: string }>(await call(apiLegal, "/api/legal-documents/terms", { params }));
    expect(api.version).toBe(1);
    expect(api.body).not.toContain("in this draft");

    // Saved again: the same draft, replaced.
    const resaved = await post(editor, "/admin/legal/terms", { body: draftBody, effectiveDate: "2030-03-01", changeSummary: "Draft two." });
    expect(resaved.status).toBe(302);
    expect(body<Editor>((await get(editor, "/admin/legal/terms")).result).form.changeSummary).toBe("Draft two.");

    // The preview is the public page's data: same renderer, the placeholder written in from the setting.
    const shown = body<PublicPage>((await get(preview, "/admin/legal/terms/preview")).result).document;
    expect(shown.version).toBe(2);
    expect(shown.sections[0]!.id).toBe(firstId);
    const html = shown.sections.map((s) => s.html).join("");
    expect(html).toContain("in this draft");
    expect(html).not.toContain(LEGAL_PLACEHOLDERS[0]!.token);
    expect(html).toMatch(/Kept for \d+ months?/);

    // The confirmation names the version, the document and when visitors see it.
    const confirm = body<Confirm>((await get(publish, "/admin/legal/terms/publish")).result);
    expect(confirm).toMatchObject({ version: 2, title: "Terms of Service" });
    expect(confirm.draft!.consequence).toBe("Visitors will see it at once at /terms; version 1 stays readable at its own address.");

    // A confirmation opened before the draft was saved again publishes nothing.
    const old = await post(publish, "/admin/legal/terms/publish", { version: "2", draftSavedAt: "2000-01-01T00:00:00.000Z" });
    expect(old.status).toBe(409);
    expect(body<AdminFormReply>(old.result).result.error?.[""]).toEqual([publish.LEGAL_DRAFT_STALE]);
    expect(body<PublicPage>((await get(terms, "/terms", "")).result).document.version).toBe(1);

    const published = await post(publish, "/admin/legal/terms/publish", { version: "2", draftSavedAt: confirm.draft!.savedAt });
    expect(published.status).toBe(302);
    expect((published.result as Response).headers.get("Location")).toBe("/admin/legal/terms");
    expect(await toastOf(published.result)).toMatchObject({ description: publish.LEGAL_PUBLISHED });
    const now = body<PublicPage>((await get(terms, "/terms", "")).result).document;
    expect(now.version).toBe(2);
    expect(now.sections.map((s) => s.html).join("")).toContain("in this draft");
    expect(body<Editor>((await get(editor, "/admin/legal/terms")).result).draft).toBeNull();
    // Published once: the same confirmation posted again finds no draft.
    const again = await post(publish, "/admin/legal/terms/publish", { version: "2", draftSavedAt: confirm.draft!.savedAt });
    expect(again.status).toBe(302);
    expect(await toastOf(again.result)).toMatchObject({ title: "Error" });
    expect(body<PublicPage>((await get(terms, "/terms", "")).result).document.version).toBe(2);
  });

  it("a future-dated draft's confirmation says when; a discarded draft leaves the document as it was", async () => {
    setClock(() => new Date("2030-04-01T10:00:00Z"));
    const start = body<Editor>((await get(editor, "/admin/legal/terms")).result);
    expect((await post(editor, "/admin/legal/terms", { body: `${start.form.body}\n\nLater.`, effectiveDate: "2030-05-01", changeSummary: "May." })).status).toBe(302);
    const confirm = body<Confirm>((await get(publish, "/admin/legal/terms/publish")).result);
    expect(confirm.draft!.consequence).toMatch(/^Visitors will see it at \/terms from 1 May 2030; until then they read version \d+\.$/);

    expect((await get(discard, "/admin/legal/terms/discard")).status).toBe(200);
    const before = body<PublicPage>((await get(terms, "/terms", "")).result).document.version;
    const discarded = await post(discard, "/admin/legal/terms/discard", {});
    expect(discarded.status).toBe(302);
    expect(await toastOf(discarded.result)).toMatchObject({ description: discard.LEGAL_DRAFT_DISCARDED });
    expect(body<Editor>((await get(editor, "/admin/legal/terms")).result).draft).toBeNull();
    expect(body<PublicPage>((await get(terms, "/terms", "")).result).document.version).toBe(before);
    expect((await get(preview, "/admin/legal/terms/preview")).status).toBe(404);
  });

  it("through the API: PUT, GET and DELETE …/draft, POST …/draft/publish (409 for another number)", async () => {
    const asOperator = { cookie: operator, params };
    const path = "/api/admin/legal-documents/terms/draft";
    expect((await call(apiDraft, path, asOperator)).status).toBe(404);
    const json = { body: "## Terms {#terms}\n\nAPI draft.", effectiveDate: "2030-06-01", changeSummary: "From the API." };
    const put = await call(apiDraft, path, { ...asOperator, method: "PUT", json });
    expect(put.status).toBe(200);
    const draft = legalDraftRecord.parse(await jsonOf(put));
    expect(draft).toMatchObject({ key: "terms", body: json.body, changeSummary: "From the API." });
    expect(legalDraftRecord.parse(await jsonOf(await call(apiDraft, path, asOperator)))).toEqual(draft);
    expect((await call(apiDraft, path, { ...asOperator, method: "PUT", json: { ...json, body: " " } })).status).toBe(400);
    // The public API and the admin document's versions do not include it.
    const admin = await jsonOf<{ versions: { version: number }[] }>(await call(apiAdminLegal, "/api/admin/legal-documents/terms", asOperator));
    expect(admin.versions.map((v) => v.version)).not.toContain(draft.version);

    const publishPath = `${path}/publish`;
    const wrong = await call(apiDraftPublish, publishPath, { ...asOperator, method: "POST", json: { version: draft.version + 5 } });
    expect(wrong.status).toBe(409);
    const created = await call(apiDraftPublish, publishPath, { ...asOperator, method: "POST", json: { version: draft.version } });
    expect(created.status).toBe(201);
    expect(legalVersionRecord.parse(await jsonOf(created))).toMatchObject({ version: draft.version, body: json.body, effectiveDate: "2030-06-01" });
    expect((await call(apiDraft, path, asOperator)).status).toBe(404);
    expect((await call(apiDraftPublish, publishPath, { ...asOperator, method: "POST", json: {} })).status).toBe(404);

    expect((await call(apiDraft, path, { ...asOperator, method: "PUT", json })).status).toBe(200);
    expect((await call(apiDraft, path, { ...asOperator, method: "DELETE" })).status).toBe(204);
    expect((await call(apiDraft, path, { ...asOperator, method: "DELETE" })).status).toBe(404);
  });
});
