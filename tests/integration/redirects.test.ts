import { and, count, eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~db/client.server";
import { auditLog, notFoundPaths, revisions } from "~db/schema";
import { listRecentActivity } from "~/models/audit.server";
import {
  allRedirects,
  countNotFound,
  countRedirectHit,
  createRedirect,
  deleteRedirect,
  flushNotFoundLog,
  flushRedirectHits,
  getRedirect,
  ignoreNotFound,
  importRedirects,
  listRedirects,
  NOT_FOUND_LOG_CAP,
  pendingRedirectHits,
  recordNotFound,
  redirectTable,
  redirectTableNow,
  topNotFound,
  updateRedirect,
  type Redirect,
  type RedirectWrite,
} from "~/models/redirects.server";
import * as importRoute from "~/routes/admin.redirects.import";
import * as newRoute from "~/routes/admin.redirects.new";
import * as exportRoute from "~/routes/admin.redirects[.]csv";
import { MAX_CHAIN, REDIRECT_MESSAGES, redirectSchema } from "~/schemas/redirect";
import { API_MESSAGES } from "~/server/api/api.server";
import { getConfig } from "~/server/config.server";
import { parseRedirectCsv } from "~/server/forms/redirect-import.server";
import { toCsv } from "~/utils/csv";
import { call, invoke, jsonOf, operatorCookie } from "../helpers/api-client";
import { body, redirected } from "../helpers/form-answers";
import * as collectionRoute from "~/routes/api.admin.$collection";
import * as collectionItemRoute from "~/routes/api.admin.$collection.$id";
import { withParams } from "../helpers/route-modules";

const redirectsRoute = withParams(collectionRoute, { collection: "redirects" });
const redirectRoute = withParams(collectionItemRoute, { collection: "redirects" });

/**
 * Operators' redirect rules: what the dialog, the CSV import and the JSON API refuse and why, what a
 * write leaves behind (audit row, content cache), hits counted in batches and the 404 log under a scan.
 * The served answers are in redirects-served.test.ts.
 */

const actor = { userId: null, email: "redirects@kestrelinsight.example" };

type Raw = Record<string, unknown> & { from: string };

/** The rule as the redirect dialog would hand it to the model: through the schema. */
function parsed(raw: Raw): RedirectWrite {
  const result = redirectSchema.safeParse({ to: "", statusCode: 301, ...raw });
  if (!result.success) throw new Error(`the schema refused ${JSON.stringify(raw)}: ${result.error.message}`);
  const { version: _version, ...rule } = result.data;
  return rule;
}

/** The schema's messages by field, or null when it accepts the rule. */
function schemaErrors(raw: Raw): Record<string, string[]> | null {
  const result = redirectSchema.safeParse({ to: "", statusCode: 301, ...raw });
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

async function add(raw: Raw) {
  return createRedirect(parsed(raw), actor);
}

/** Adds a rule that must be accepted. */
async function must(raw: Raw): Promise<Redirect> {
  const result = await add(raw);
  if (!result.ok)
    throw new Error(`expected ${JSON.stringify(raw)} to be accepted: ${JSON.stringify(result)}`);
  return result.record;
}

async function ruleCount(): Promise<number> {
  return (await listRedirects()).total;
}

function csv(rows: string[][]): string {
  return rows.map((cells) => cells.join(",")).join("\r\n") + "\r\n";
}

let operator: string;
beforeAll(async () => {
  operator = await operatorCookie();
});

describe("what the redirect form refuses about a rule's own fields", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/x", "/admin"],
    ["/Admin/Users", "/admin"],
    ["/api", "/api"],
    ["/API/x", "/api"],
    ["/assets/app.js", "/assets"],
    ["/auth", "/auth"],
    ["/auth/callback", "/auth"],
    ["/oidc/token", "/oidc"],
  ])("an operator cannot redirect %s, which belongs to the site's %s area", (from, prefix) => {
    expect(schemaErrors({ from, to: "/about" })).toEqual({ from: [REDIRECT_MESSAGES.fromReserved(prefix)] });
  });

  it.each(["/authors", "/apis-explained", "/assets-old", "/oidcs"])(
    "an address that only starts like a reserved area (%s) can be redirected",
    (from) => {
      expect(schemaErrors({ from, to: "/about" })).toBeNull();
    },
  );

  it.each(["/robots.txt", "/favicon.svg", "/sitemap.xml", "/healthz", "/about.data", "/_root.data"])(
    "an operator cannot redirect the site's own file %s",
    (from) => {
      expect(schemaErrors({ from, to: "/about" })).toEqual({ from: [REDIRECT_MESSAGES.fromOwnFile] });
    },
  );

  it.each([
    ["javascript:alert(1)"],
    ["data:text/html,x"],
    ["ftp://x"],
    ["/new page"],
    ["https://elsewhere.example/a b"],
    ["about"],
  ])("a destination %j is refused: only site paths and http(s) addresses", (to) => {
    expect(schemaErrors({ from: "/somewhere", to })).toEqual({ to: [REDIRECT_MESSAGES.toInvalid] });
  });

  it.each(["//evil.example", "/\\evil", "/.//evil.example", "/..//evil.example", "/a/..//evil.example", "/%2e%2e//evil.example"])(
    "a destination %j, which a browser reads as another site, is refused saying so",
    (to) => {
      expect(schemaErrors({ from: "/somewhere", to })).toEqual({ to: [REDIRECT_MESSAGES.toLeavesSite] });
    },
  );

  it.each([
    ["/HEALTHZ", REDIRECT_MESSAGES.fromOwnFile],
    ["/Readyz", REDIRECT_MESSAGES.fromOwnFile],
    ["/Robots.txt", REDIRECT_MESSAGES.fromOwnFile],
    ["/newsroom/feed.xml", REDIRECT_MESSAGES.fromOwnFile],
    ["/media/0123abcd-640.webp", REDIRECT_MESSAGES.fromReserved("/media")],
    ["/%61dmin/news", REDIRECT_MESSAGES.fromReserved("/admin")],
  ])("a from of the site's own (%s), in any case or escaped, is refused", (from, message) => {
    expect(schemaErrors({ from, to: "/about" })).toEqual({ from: [message] });
  });

  it("a from is read as a browser reads it: dot segments and escapes of plain letters resolved", () => {
    expect(parsed({ from: "/old/../%6Eews", to: "/about" }).from).toBe("/news");
  });

  it("a from that is not a path is refused with the path message, a blank one as required", () => {
    expect(schemaErrors({ from: "old-page", to: "/about" })).toEqual({
      from: [REDIRECT_MESSAGES.fromNotPath],
    });
    expect(schemaErrors({ from: "//elsewhere", to: "/about" })).toEqual({
      from: [REDIRECT_MESSAGES.fromNotPath],
    });
    expect(schemaErrors({ from: "   ", to: "/about" })).toEqual({ from: [REDIRECT_MESSAGES.fromRequired] });
  });

  it("a 410 (page removed) with a destination is refused, and accepted without one", () => {
    expect(schemaErrors({ from: "/gone", to: "/about", statusCode: 410 })).toEqual({
      to: [REDIRECT_MESSAGES.toWithGone],
    });
    expect(schemaErrors({ from: "/gone", to: "", statusCode: 410 })).toBeNull();
  });

  it("a 301 without a destination is refused", () => {
    expect(schemaErrors({ from: "/moved", to: "", statusCode: 301 })).toEqual({
      to: [REDIRECT_MESSAGES.toRequired],
    });
  });

  it("a status other than 301, 302, 307, 308 or 410 is refused", () => {
    expect(schemaErrors({ from: "/moved", to: "/about", statusCode: 303 })).toEqual({
      statusCode: [REDIRECT_MESSAGES.statusInvalid],
    });
    expect(schemaErrors({ from: "/moved", to: "/about", statusCode: "308" })).toBeNull();
  });

  it.each([
    ["/self", "/self"],
    ["/self/", "/self"],
    ["/self", "/self/"],
    ["/self", "/self?ref=1"],
  ])("a rule from %s to %s would point at itself and is refused", (from, to) => {
    expect(schemaErrors({ from, to })).toEqual({ to: [REDIRECT_MESSAGES.toSelf] });
  });

  it("from is stored normalised: trailing slash, query string and fragment dropped", () => {
    expect(parsed({ from: "/Old-Page/?utm=1#x", to: "/about" }).from).toBe("/Old-Page");
  });
});

describe("what the redirect form refuses because of the other rules", () => {
  it("a second rule from the same address is refused, also when written with a trailing slash", async () => {
    await must({ from: "/dup/page", to: "/about" });
    const before = await ruleCount();
    const expected = {
      ok: false,
      reason: "invalid",
      field: "from",
      message: REDIRECT_MESSAGES.fromTaken("/dup/page"),
    };
    expect(await add({ from: "/dup/page", to: "/platforms" })).toEqual(expected);
    expect(await add({ from: "/dup/page/", to: "/platforms" })).toEqual(expected);
    expect(await add({ from: "/dup/page?x=1", to: "/platforms" })).toEqual(expected);
    expect(await ruleCount()).toBe(before);
  });

  it("a rule that closes a loop through three rules is refused, naming the loop", async () => {
    await must({ from: "/loop/a", to: "/loop/b" });
    await must({ from: "/loop/b", to: "/loop/c" });
    const refused = await add({ from: "/loop/c", to: "/loop/a" });
    expect(refused).toEqual({
      ok: false,
      reason: "invalid",
      field: "to",
      message: REDIRECT_MESSAGES.loop(["/loop/c", "/loop/a", "/loop/b", "/loop/c"]),
    });
    if (refused.ok || refused.reason !== "invalid") throw new Error("expected a refusal");
    expect(refused.message).toMatch(/loop/);
    for (const path of ["/loop/a", "/loop/b", "/loop/c"]) expect(refused.message).toContain(path);
    // Nothing was written.
    expect((await allRedirects()).some((rule) => rule.from === "/loop/c")).toBe(false);
  });

  it("a loop is found whatever query string or trailing slash the closing destination has", async () => {
    await must({ from: "/loopq/a", to: "/loopq/b" });
    const refused = await add({ from: "/loopq/b", to: "/loopq/a/?utm_source=x#top" });
    expect(refused).toMatchObject({
      ok: false,
      field: "to",
      message: REDIRECT_MESSAGES.loop(["/loopq/b", "/loopq/a", "/loopq/b"]),
    });
  });

  it(`a chain of ${MAX_CHAIN} redirects is accepted and a sixth rule in a row is refused`, async () => {
    for (let i = 0; i < MAX_CHAIN; i++) await must({ from: `/chain/${i}`, to: `/chain/${i + 1}` });
    const paths = Array.from({ length: MAX_CHAIN + 2 }, (_, i) => `/chain/${i}`);
    expect(await add({ from: `/chain/${MAX_CHAIN}`, to: `/chain/${MAX_CHAIN + 1}` })).toEqual({
      ok: false,
      reason: "invalid",
      field: "to",
      message: REDIRECT_MESSAGES.chain(paths, MAX_CHAIN),
    });
    // In front of the chain as well as after it.
    expect(await add({ from: "/chain/start", to: "/chain/0" })).toMatchObject({
      ok: false,
      field: "to",
      message: REDIRECT_MESSAGES.chain(["/chain/start", ...paths.slice(0, -1)], MAX_CHAIN),
    });
    // Ending the chain on another site does not lengthen it.
    await must({ from: `/chain/${MAX_CHAIN}`, to: "https://elsewhere.example/end" });
  });

  it("an absolute address on the site's own origin counts in the loop check; another site's does not", async () => {
    const origin = getConfig().publicUrl.origin;
    await must({ from: "/own/a", to: `${origin}/own/b` });
    expect(await add({ from: "/own/b", to: "/own/a" })).toEqual({
      ok: false,
      reason: "invalid",
      field: "to",
      message: REDIRECT_MESSAGES.loop(["/own/b", "/own/a", "/own/b"]),
    });
    expect(await add({ from: "/own/b", to: `${origin}/own/a?ref=1` })).toMatchObject({
      ok: false,
      field: "to",
    });
    await must({ from: "/other/a", to: "https://elsewhere.example/other/b" });
    await must({ from: "/other/b", to: "/other/a" });
  });

  it("editing a rule into a loop is refused and the rule is left as it was", async () => {
    await must({ from: "/edit/a", to: "/edit/b" });
    const b = await must({ from: "/edit/b", to: "/edit/c" });
    const refused = await updateRedirect(b.id, parsed({ from: "/edit/b", to: "/edit/a" }), actor, b.version);
    expect(refused).toEqual({
      ok: false,
      reason: "invalid",
      field: "to",
      message: REDIRECT_MESSAGES.loop(["/edit/b", "/edit/a", "/edit/b"]),
    });
    expect(await getRedirect(b.id)).toMatchObject({ to: "/edit/c", version: b.version });
    // Editing a rule without changing it is not a clash with itself.
    expect(
      (await updateRedirect(b.id, parsed({ from: "/edit/b", to: "/edit/d" }), actor, b.version)).ok,
    ).toBe(true);
  });

  it("editing a rule's from onto another rule's address is refused", async () => {
    await must({ from: "/move/a", to: "/about" });
    const b = await must({ from: "/move/b", to: "/about" });
    expect(await updateRedirect(b.id, parsed({ from: "/move/a/", to: "/about" }), actor)).toEqual({
      ok: false,
      reason: "invalid",
      field: "from",
      message: REDIRECT_MESSAGES.fromTaken("/move/a"),
    });
  });

  it("a rule over one of the site's pages (/about) needs the confirmation, then is accepted", async () => {
    expect(await add({ from: "/about", to: "/platforms" })).toEqual({
      ok: false,
      reason: "invalid",
      field: "confirmShadow",
      message: REDIRECT_MESSAGES.shadowsPage("/about"),
    });
    const confirmed = await add({ from: "/about", to: "/platforms", confirmShadow: true });
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    // The confirmation is never stored.
    expect(confirmed.record).not.toHaveProperty("confirmShadow");
    // Editing it again needs the confirmation again.
    expect(
      await updateRedirect(confirmed.record.id, parsed({ from: "/about", to: "/research" }), actor),
    ).toMatchObject({
      ok: false,
      field: "confirmShadow",
    });
    expect((await deleteRedirect(confirmed.record.id, actor)).ok).toBe(true);
  });
});

describe("the redirects JSON API", () => {
  /** `signedIn: false` sends no session cookie. */
  const post = (json: unknown, signedIn = true) =>
    call(redirectsRoute, "/api/admin/redirects", {
      method: "POST",
      json,
      cookie: signedIn ? operator : undefined,
    });
  const item = (id: number, method: "PUT" | "DELETE", json?: unknown, signedIn = true) =>
    call(redirectRoute, `/api/admin/redirects/${id}`, {
      method,
      json,
      cookie: signedIn ? operator : undefined,
      params: { id: String(id) },
    });

  it("refuses a reserved from with 400 and the message on from", async () => {
    const response = await post({ from: "/admin/x", to: "/about", statusCode: 301 });
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toEqual({
      message: API_MESSAGES.validation,
      errors: { from: [REDIRECT_MESSAGES.fromReserved("/admin")] },
    });
  });

  it("refuses a bad destination and a 410 with a destination with 400 and the message on to", async () => {
    const bad = await post({ from: "/api-bad", to: "javascript:alert(1)", statusCode: 302 });
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(bad)).errors).toEqual({
      to: [REDIRECT_MESSAGES.toInvalid],
    });
    const gone = await post({ from: "/api-gone", to: "/about", statusCode: 410 });
    expect((await jsonOf<{ errors: Record<string, string[]> }>(gone)).errors).toEqual({
      to: [REDIRECT_MESSAGES.toWithGone],
    });
  });

  it("a 410 sent without a To is created (a removed page has no destination); a 301 without one is told To is missing", async () => {
    const gone = await post({ from: "/api-gone-no-to", statusCode: 410 });
    expect(gone.status, await gone.clone().text()).toBe(201);
    expect(await jsonOf(gone)).toMatchObject({ from: "/api-gone-no-to", to: "", statusCode: 410 });
    const moved = await post({ from: "/api-moved-no-to", statusCode: 301 });
    expect(moved.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(moved)).errors).toEqual({
      to: [REDIRECT_MESSAGES.toRequired],
    });
  });

  it("refuses a path destination that a browser reads as another site, with 400 and the message on to", async () => {
    for (const to of ["/.//evil.example", "/%2e%2e//evil.example", "/\\evil.example"]) {
      const response = await post({ from: "/api-leaves", to, statusCode: 301 });
      expect(response.status).toBe(400);
      expect((await jsonOf<{ errors: Record<string, string[]> }>(response)).errors).toEqual({
        to: [REDIRECT_MESSAGES.toLeavesSite],
      });
    }
  });

  it("creates a rule: 201, its Location, from normalised; the same from again is 400 on from", async () => {
    const response = await post({ from: "/api-old/", to: "/about", statusCode: 301, note: "From the API" });
    expect(response.status).toBe(201);
    const body = await jsonOf<{ id: number; from: string; version: number; hits: number }>(response);
    expect(response.headers.get("Location")).toBe(`/api/admin/redirects/${body.id}`);
    expect(body).toMatchObject({
      from: "/api-old",
      to: "/about",
      statusCode: 301,
      note: "From the API",
      hits: 0,
      lastHitAt: null,
    });
    const again = await post({ from: "/api-old", to: "/research", statusCode: 302 });
    expect(again.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(again)).errors).toEqual({
      from: [REDIRECT_MESSAGES.fromTaken("/api-old")],
    });
  });

  it("refuses a rule over a page without the confirmation: 400 on confirmShadow", async () => {
    const response = await post({ from: "/platforms", to: "/about", statusCode: 301 });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(response)).errors).toEqual({
      confirmShadow: [REDIRECT_MESSAGES.shadowsPage("/platforms")],
    });
  });

  it("refuses a loop with 400 on to", async () => {
    expect((await post({ from: "/api-loop/a", to: "/api-loop/b", statusCode: 301 })).status).toBe(201);
    const response = await post({ from: "/api-loop/b", to: "/api-loop/a", statusCode: 301 });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(response)).errors).toEqual({
      to: [REDIRECT_MESSAGES.loop(["/api-loop/b", "/api-loop/a", "/api-loop/b"])],
    });
  });

  it("refuses a save over a newer version with 409, and an edit into a loop with 400", async () => {
    const created = await jsonOf<{ id: number; version: number }>(
      await post({ from: "/api-edit", to: "/about", statusCode: 301 }),
    );
    const first = await item(created.id, "PUT", {
      from: "/api-edit",
      to: "/research",
      statusCode: 302,
      version: created.version,
    });
    expect(first.status).toBe(200);
    expect(await jsonOf(first)).toMatchObject({
      to: "/research",
      statusCode: 302,
      version: created.version + 1,
    });
    const stale = await item(created.id, "PUT", {
      from: "/api-edit",
      to: "/careers",
      statusCode: 302,
      version: created.version,
    });
    expect(stale.status).toBe(409);
    expect((await getRedirect(created.id))?.to).toBe("/research");

    await must({ from: "/api-edit-target", to: "/api-edit" });
    const loop = await item(created.id, "PUT", {
      from: "/api-edit",
      to: "/api-edit-target",
      statusCode: 302,
    });
    expect(loop.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(loop)).errors.to?.[0]).toContain("loop");
  });

  it("deletes a rule: 204, then 404", async () => {
    const created = await jsonOf<{ id: number }>(
      await post({ from: "/api-delete", to: "/about", statusCode: 301 }),
    );
    const deleted = await item(created.id, "DELETE");
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect(await getRedirect(created.id)).toBeNull();
    const again = await item(created.id, "DELETE");
    expect(again.status).toBe(404);
    expect(await jsonOf(again)).toEqual({ message: "Redirect not found" });
  });

  it("signed out: 401 for list, create, edit and delete, and nothing changes", async () => {
    const rule = await must({ from: "/api-signed-out", to: "/about" });
    const before = await ruleCount();
    const audit = (await listRecentActivity(1))[0]?.id;
    expect((await call(redirectsRoute, "/api/admin/redirects")).status).toBe(401);
    const created = await post({ from: "/api-anon", to: "/about", statusCode: 301 }, false);
    expect(created.status).toBe(401);
    expect(await jsonOf(created)).toEqual({ message: "Unauthorized" });
    expect(
      (await item(rule.id, "PUT", { from: "/api-signed-out", to: "/careers", statusCode: 301 }, false))
        .status,
    ).toBe(401);
    expect((await item(rule.id, "DELETE", undefined, false)).status).toBe(401);
    expect(await ruleCount()).toBe(before);
    expect(await getRedirect(rule.id)).toMatchObject({ to: "/about", version: rule.version });
    expect((await listRecentActivity(1))[0]?.id).toBe(audit);
  });

  it("lists every rule for an operator", async () => {
    const response = await call(redirectsRoute, "/api/admin/redirects", { cookie: operator });
    expect(response.status).toBe(200);
    const rules = await jsonOf<{ from: string }[]>(response);
    expect(rules.map((rule) => rule.from)).toEqual((await allRedirects()).map((rule) => rule.from));
  });
});

describe("what a write leaves behind", () => {
  it("creating, editing and deleting a rule each writes an audit row naming the rule", async () => {
    const rule = await must({ from: "/audit/old", to: "/about", note: "Audited" });
    const edited = await updateRedirect(
      rule.id,
      parsed({ from: "/audit/old", to: "", statusCode: 410 }),
      actor,
      rule.version,
    );
    expect(edited.ok).toBe(true);
    expect((await deleteRedirect(rule.id, actor)).ok).toBe(true);
    const activity = await listRecentActivity(3);
    expect(activity).toMatchObject([
      {
        action: "delete",
        entity: "redirect",
        entityId: String(rule.id),
        actorEmail: actor.email,
        summary: 'Deleted redirect "/audit/old → 410 Gone"',
      },
      {
        action: "update",
        entity: "redirect",
        entityId: String(rule.id),
        actorEmail: actor.email,
        summary: 'Updated redirect "/audit/old → 410 Gone"',
      },
      {
        action: "create",
        entity: "redirect",
        entityId: String(rule.id),
        actorEmail: actor.email,
        summary: 'Created redirect "/audit/old → /about"',
      },
    ]);
  });

  it("a refused rule writes no audit row", async () => {
    const audit = (await listRecentActivity(1))[0]?.id;
    expect((await add({ from: "/about", to: "/research" })).ok).toBe(false);
    expect((await listRecentActivity(1))[0]?.id).toBe(audit);
  });

  it("the rules the site answers from (content cache) have a new rule at once, and lose a deleted one", async () => {
    await redirectTable();
    expect(redirectTableNow()).toBeDefined();
    const rule = await must({ from: "/cached/old", to: "/research", statusCode: 308 });
    // The write emptied the cache: the next reader loads it anew.
    expect(redirectTableNow()?.has("/cached/old") ?? false).toBe(false);
    expect((await redirectTable()).get("/cached/old")).toEqual({
      id: rule.id,
      to: "/research",
      statusCode: 308,
    });
    expect(redirectTableNow()?.get("/cached/old")).toEqual({ id: rule.id, to: "/research", statusCode: 308 });

    const edited = await updateRedirect(
      rule.id,
      parsed({ from: "/cached/old", to: "", statusCode: 410 }),
      actor,
    );
    expect(edited.ok).toBe(true);
    expect((await redirectTable()).get("/cached/old")).toEqual({ id: rule.id, to: "", statusCode: 410 });

    await deleteRedirect(rule.id, actor);
    expect((await redirectTable()).has("/cached/old")).toBe(false);
  });
});

describe("importing a CSV file of rules", () => {
  const HEADER = ["from", "to", "statusCode", "note"];

  it("a file with one bad row (row 4) is refused naming Row 4 and why, and nothing is written", async () => {
    const before = await ruleCount();
    const text = csv([
      HEADER,
      ["/bad-file/1", "/about", "301", ""],
      ["/bad-file/2", "/about", "301", ""],
      ["/admin/old", "/about", "301", ""],
      ["/bad-file/4", "/about", "301", ""],
      ["/bad-file/5", "/about", "301", ""],
    ]);
    const result = parseRedirectCsv(text, false);
    expect(result).toEqual({
      ok: false,
      message: "1 row was refused, so nothing was imported: correct it and import the file again.",
      problems: [{ line: 4, message: `Row 4 (/admin/old): From: ${REDIRECT_MESSAGES.fromReserved("/admin")}` }],
    });
    expect(await ruleCount()).toBe(before);
  });

  it("every bad row is named, not only the first", async () => {
    const text = csv([
      HEADER,
      ["/many-bad/1", "/about", "301", ""],
      ["/admin/a", "/about", "301", ""],
      ["/many-bad/3", "/about", "999", ""],
      ["/many-bad/4", "", "301", ""],
      ["/many-bad/5", "/about", "301", "", "extra"],
    ]);
    const result = parseRedirectCsv(text, false);
    if (result.ok) throw new Error("a bad file was read");
    expect(result.message).toBe("4 rows were refused, so nothing was imported: correct them and import the file again.");
    expect(result.problems.map((problem) => problem.line)).toEqual([3, 4, 5, 6]);
    expect(result.problems[0]!.message).toContain("Row 3 (/admin/a): From:");
    expect(result.problems[3]!.message).toBe("Row 6 (/many-bad/5): it has 5 cells; the header has 4.");
  });

  it("a file whose row 4 clashes with the rules (a page without the confirmation) writes none of its rows", async () => {
    const before = await ruleCount();
    const audit = (await listRecentActivity(1))[0]?.id;
    const text = csv([
      HEADER,
      ["/all-or-nothing/1", "/about", "301", ""],
      ["/all-or-nothing/2", "/about", "302", ""],
      ["/research", "/about", "301", "replaces a page"],
      ["/all-or-nothing/4", "", "410", ""],
      ["/all-or-nothing/5", "https://elsewhere.example/", "308", ""],
    ]);
    const rows = parseRedirectCsv(text, false);
    if (!rows.ok) throw new Error(rows.message);
    expect(await importRedirects(rows.rows, actor)).toEqual({
      ok: false,
      line: 4,
      field: "confirmShadow",
      message: REDIRECT_MESSAGES.shadowsPage("/research"),
    });
    expect(await ruleCount()).toBe(before);
    expect((await listRedirects({ query: "all-or-nothing" })).total).toBe(0);
    expect((await listRecentActivity(1))[0]?.id).toBe(audit);
  });

  it("a good file imports: new addresses are added, known ones updated, one audit row each", async () => {
    await must({ from: "/import/known", to: "/about", note: "before" });
    const before = await ruleCount();
    const text = csv([
      HEADER,
      ["/import/a", "/about", "301", "first"],
      ["/import/b/", "/platforms?ref=import", "302", ""],
      ["/import/c", "", "410", "removed"],
      ["/import/known", "/research", "308", "after"],
    ]);
    const rows = parseRedirectCsv(text, false);
    if (!rows.ok) throw new Error(rows.message);
    expect(await importRedirects(rows.rows, actor)).toEqual({ ok: true, created: 3, updated: 1 });
    expect(await ruleCount()).toBe(before + 3);
    const rules = (await listRedirects({ query: "/import/" })).rules;
    expect(rules.map(({ from, to, statusCode, note }) => ({ from, to, statusCode, note }))).toEqual([
      { from: "/import/a", to: "/about", statusCode: 301, note: "first" },
      { from: "/import/b", to: "/platforms?ref=import", statusCode: 302, note: "" },
      { from: "/import/c", to: "", statusCode: 410, note: "removed" },
      { from: "/import/known", to: "/research", statusCode: 308, note: "after" },
    ]);
    const audit = await listRecentActivity(4);
    expect(audit.map((entry) => entry.action).sort()).toEqual(["create", "create", "create", "update"]);
    expect((await redirectTable()).get("/import/a")?.to).toBe("/about");
  });

  it("re-importing the exported file updates every rule and adds none", async () => {
    await must({ from: "/export/a", to: "/about", note: "Exported" });
    const before = await allRedirects();
    const response = await call(exportRoute, "/admin/redirects.csv", { cookie: operator });
    expect(response.status).toBe(200);
    // As the bytes are (Response.text() would drop the byte order mark).
    const exported = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    // The route writes what toCsv writes, after a byte order mark.
    expect(exported).toBe(
      `\uFEFF${toCsv(
        HEADER,
        before.map((rule) => [rule.from, rule.to, rule.statusCode, rule.note]),
      )}`,
    );
    const rows = parseRedirectCsv(exported, false);
    if (!rows.ok) throw new Error(rows.message);
    expect(rows.rows).toHaveLength(before.length);
    expect(await importRedirects(rows.rows, actor)).toEqual({ ok: true, created: 0, updated: before.length });
    const after = await allRedirects();
    const shape = (rules: Redirect[]) =>
      rules.map(({ id, from, to, statusCode, note }) => ({ id, from, to, statusCode, note }));
    expect(shape(after)).toEqual(shape(before));
  });

  it("a loop made between two rows of one file is refused, naming the later row", async () => {
    const before = await ruleCount();
    const text = csv([
      HEADER,
      ["/file-loop/a", "/file-loop/b", "301", ""],
      ["/file-loop/unrelated", "/about", "301", ""],
      ["/file-loop/b", "/file-loop/a", "301", ""],
    ]);
    const rows = parseRedirectCsv(text, false);
    if (!rows.ok) throw new Error(rows.message);
    expect(await importRedirects(rows.rows, actor)).toEqual({
      ok: false,
      line: 4,
      field: "to",
      message: REDIRECT_MESSAGES.loop(["/file-loop/b", "/file-loop/a", "/file-loop/b"]),
    });
    expect(await ruleCount()).toBe(before);
  });

  it("a loop made between a row and an existing rule is refused", async () => {
    await must({ from: "/file-loop2/a", to: "/file-loop2/b" });
    const rows = parseRedirectCsv(csv([HEADER, ["/file-loop2/b", "/file-loop2/a", "301", ""]]), false);
    if (!rows.ok) throw new Error(rows.message);
    expect(await importRedirects(rows.rows, actor)).toMatchObject({ ok: false, line: 2, field: "to" });
  });

  it("a chain longer than 5 made across the rows of one file is refused", async () => {
    const body = Array.from({ length: MAX_CHAIN + 1 }, (_, i) => [
      `/file-chain/${i}`,
      `/file-chain/${i + 1}`,
      "301",
      "",
    ]);
    const rows = parseRedirectCsv(csv([HEADER, ...body]), false);
    if (!rows.ok) throw new Error(rows.message);
    expect(await importRedirects(rows.rows, actor)).toMatchObject({
      ok: false,
      line: MAX_CHAIN + 2,
      field: "to",
    });
    expect(await importRedirects(rows.rows.slice(0, MAX_CHAIN), actor)).toEqual({
      ok: true,
      created: MAX_CHAIN,
      updated: 0,
    });
  });

  it("the same address twice in one file (even written differently) is refused, naming both lines", async () => {
    const before = await ruleCount();
    const rows = parseRedirectCsv(
      csv([
        HEADER,
        ["/file-dup", "/about", "301", ""],
        ["/other-file-row", "/about", "301", ""],
        ["/file-dup/", "/research", "301", ""],
      ]),
      false,
    );
    if (!rows.ok) throw new Error(rows.message);
    const result = await importRedirects(rows.rows, actor);
    expect(result).toMatchObject({ ok: false, line: 4, field: "from" });
    if (result.ok) return;
    expect(result.message).toContain("/file-dup");
    expect(result.message).toContain("line 2");
    expect(await ruleCount()).toBe(before);
  });

  it.each([
    ["no header", csv([["/no-header", "/about", "301", ""]])],
    [
      "a header in another language",
      csv([
        ["source", "target", "code", "note"],
        ["/x", "/about", "301", ""],
      ]),
    ],
    [
      "a header with columns in another order",
      csv([
        ["to", "from", "statusCode", "note"],
        ["/about", "/x", "301", ""],
      ]),
    ],
    [
      "an extra column",
      csv([
        [...HEADER, "hits"],
        ["/x", "/about", "301", "", "3"],
      ]),
    ],
    ["an empty file", ""],
  ])("a file with %s is refused with the header message", (_name, text) => {
    expect(parseRedirectCsv(text, false)).toEqual({
      ok: false,
      message: "The first line must be the header: from,to,statusCode,note",
      problems: [],
    });
  });

  it("a file with only the header, or a quote left open, is refused", () => {
    expect(parseRedirectCsv(csv([HEADER]), false)).toEqual({
      ok: false,
      message: "The file has no rules: add a row under the header.",
      problems: [],
    });
    expect(parseRedirectCsv('from,to,statusCode,note\r\n"/x,/about,301,\r\n', false)).toMatchObject({
      ok: false,
    });
  });

  it("a header without the note column is accepted", () => {
    const rows = parseRedirectCsv(
      csv([
        ["from", "to", "statusCode"],
        ["/no-note", "/about", "301"],
      ]),
      false,
    );
    expect(rows).toMatchObject({
      ok: true,
      rows: [{ line: 2, rule: { from: "/no-note", to: "/about", statusCode: 301, note: "" } }],
    });
  });

  it("a note starting with = (or +, -, @) survives export and import unchanged, and is neutralised in the file", async () => {
    const notes = [
      "=SUM(1)",
      "+44 20 7946 0000",
      "-2 after the move",
      "@campaign",
      'say "hi"; =HYPERLINK("x")',
      // An apostrophe the operator typed before a formula character is theirs, and stays.
      "'=quoted",
      "'+44 20",
      "x;'=y",
    ];
    const made: Redirect[] = [];
    for (const [i, note] of notes.entries())
      made.push(await must({ from: `/formula/${i}`, to: "/about", note }));
    const text = toCsv(
      HEADER,
      made.map((rule) => [rule.from, rule.to, rule.statusCode, rule.note]),
    );
    expect(text).toContain(`"'=SUM(1)"`);
    expect(text).not.toMatch(/(^|,)"[=+\-@]/m);
    const rows = parseRedirectCsv(text, false);
    if (!rows.ok) throw new Error(rows.message);
    expect(rows.rows.map((row) => row.rule.note)).toEqual(notes);
    expect(await importRedirects(rows.rows, actor)).toEqual({ ok: true, created: 0, updated: notes.length });
    for (const [i, rule] of made.entries()) expect((await getRedirect(rule.id))?.note).toBe(notes[i]);
  });

  it("a file that replaces a page is imported when the file's confirmation is given", async () => {
    const rows = parseRedirectCsv(
      csv([HEADER, ["/careers", "https://jobs.example/kestrel", "302", ""]]),
      true,
    );
    if (!rows.ok) throw new Error(rows.message);
    expect(await importRedirects(rows.rows, actor)).toEqual({ ok: true, created: 1, updated: 0 });
    const rule = (await allRedirects()).find((r) => r.from === "/careers")!;
    await deleteRedirect(rule.id, actor);
  });
});

describe("the redirect dialog's form", () => {
  const submit = (fields: Record<string, string>) =>
    invoke(newRoute, "/admin/redirects/new", { cookie: operator, method: "POST", body: new URLSearchParams(fields) });

  it.each([
    ["left out", { from: "/form-gone-a", statusCode: "410", note: "" }],
    ["sent empty", { from: "/form-gone-b", to: "", statusCode: "410", note: "" }],
  ])("a 410 whose To is %s is created", async (_how, fields) => {
    const { status, result } = await submit(fields);
    expect(status, JSON.stringify(body(result))).toBe(302);
    expect((await redirected(result)).location).toBe("/admin/redirects");
    expect((await allRedirects()).find((rule) => rule.from === fields.from)).toMatchObject({ to: "", statusCode: 410 });
  });

  it("a 301 without a To is refused saying To is required", async () => {
    const { status, result } = await submit({ from: "/form-moved", to: "", statusCode: "301", note: "" });
    expect(status).toBe(400);
    expect(body<{ result: { error: Record<string, string[]> } }>(result).result.error.to).toEqual([
      REDIRECT_MESSAGES.toRequired,
    ]);
  });
});

describe("a big import as an operator's browser posts it", () => {
  /** The import form's POST: the file as a multipart part, as a browser sends it. */
  async function importFile(text: string) {
    const form = new FormData();
    form.set("file", new File([text], "redirects.csv", { type: "text/csv" }));
    return invoke(importRoute, "/admin/redirects/import", { cookie: operator, method: "POST", body: form });
  }
  const fanIn = (prefix: string, count: number, to = "/about") =>
    csv([["from", "to", "statusCode", "note"], ...Array.from({ length: count }, (_, i) => [`${prefix}/${i}`, to, "301", `row ${i}`])]);

  async function keptFor(prefix: string) {
    const ids = (await allRedirects()).filter((rule) => rule.from.startsWith(`${prefix}/`)).map((rule) => rule.id);
    const audits = ids.length
      ? (await getDb().select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, "redirect"), inArray(auditLog.entityId, ids.map(String)))))[0]!.n
      : 0;
    const kept = ids.length
      ? (await getDb().select({ n: count() }).from(revisions).where(and(eq(revisions.entity, "redirect"), inArray(revisions.entityId, ids.map(String)))))[0]!.n
      : 0;
    return { rules: ids.length, audits: Number(audits), revisions: Number(kept) };
  }

  it("2,500 rules all sending visitors to /about are imported, each with its audit row and revision", async () => {
    const { status, result } = await importFile(fanIn("/bulk-2500", 2500));
    expect(status, JSON.stringify(body(result))).toBe(302);
    expect((await redirected(result)).toast).toMatchObject({ description: expect.stringContaining("Imported 2500 redirects: 2500 added, 0 updated.") });
    expect(await keptFor("/bulk-2500")).toEqual({ rules: 2500, audits: 2500, revisions: 2500 });
    expect((await redirectTable()).get("/bulk-2500/1999")?.to).toBe("/about");
  });

  it("5,000 rules (the most one file may hold) are imported, and the same file again updates all 5,000", async () => {
    const file = fanIn("/bulk-5000", 5000);
    const first = await importFile(file);
    expect(first.status, JSON.stringify(body(first.result))).toBe(302);
    const again = await importFile(file.replaceAll(",/about,", ",/research,"));
    expect(again.status, JSON.stringify(body(again.result))).toBe(302);
    expect((await redirected(again.result)).toast).toMatchObject({ description: expect.stringContaining("5000 updated") });
    expect(await keptFor("/bulk-5000")).toEqual({ rules: 5000, audits: 10_000, revisions: 10_000 });
    expect((await redirectTable()).get("/bulk-5000/4999")?.to).toBe("/research");
  });

  it("a 2,500-row file whose last row makes a loop with its first is refused naming that row, and writes nothing", async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [`/bulk-loop/${i}`, i === 2499 ? "/bulk-loop/0" : "/bulk-loop/2499", "301", ""]);
    const before = await ruleCount();
    const { status, result } = await importFile(csv([["from", "to", "statusCode", "note"], ...rows]));
    expect(status).toBe(400);
    expect(body<{ result: { error: Record<string, string[]> } }>(result).result.error[""]).toEqual([
      `Row 2501 (/bulk-loop/2499): ${REDIRECT_MESSAGES.loop(["/bulk-loop/2499", "/bulk-loop/0", "/bulk-loop/2499"])}`,
    ]);
    expect(await ruleCount()).toBe(before);
  });
});

describe("the import form's answers", () => {
  async function post(fields: Record<string, string | File>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return invoke(importRoute, "/admin/redirects/import", { cookie: operator, method: "POST", body: form });
  }
  type Reply = {
    result: { error: Record<string, string[]> };
    problems?: string[];
    moreProblems?: number;
    takeOvers?: { line: number; from: string; to: string; statusCode: number }[];
    kept?: { name: string; text: string };
  };

  it("lists the first 100 refused rows and counts the rest, and keeps the file's text for the next try", async () => {
    const text = csv([["from", "to", "statusCode", "note"], ...Array.from({ length: 130 }, (_, i) => [`/form-bad/${i}`, "/about", "999", ""])]);
    const { status, result } = await post({ file: new File([text], "bad.csv", { type: "text/csv" }) });
    expect(status).toBe(400);
    const reply = body<Reply>(result);
    expect(reply.result.error[""]).toEqual(["130 rows were refused, so nothing was imported: correct them and import the file again."]);
    expect(reply.problems).toHaveLength(importRoute.SHOWN_PROBLEMS);
    expect(reply.problems![0]).toMatch(/^Row 2 \(\/form-bad\/0\): Status: /);
    expect(reply.moreProblems).toBe(30);
    expect(reply.kept).toEqual({ name: "bad.csv", text });
  });

  it("names every row that takes over a page, imports them once confirmed, from the kept text without the file", async () => {
    const text = csv([
      ["from", "to", "statusCode", "note"],
      ["/form-take/ok", "/about", "301", ""],
      ["/careers", "https://jobs.example/kestrel", "302", ""],
      ["/research", "", "410", ""],
    ]);
    const before = await ruleCount();
    const first = await post({ file: new File([text], "take.csv", { type: "text/csv" }) });
    expect(first.status).toBe(400);
    const reply = body<Reply>(first.result);
    expect(reply.result.error[""]).toEqual(["2 rows take over the address of a page of this site: confirm below, or remove them from the file."]);
    expect(reply.takeOvers).toEqual([
      { line: 3, from: "/careers", to: "https://jobs.example/kestrel", statusCode: 302 },
      { line: 4, from: "/research", to: "", statusCode: 410 },
    ]);
    expect(await ruleCount()).toBe(before);

    // Without JavaScript the file input is empty again: the kept text is what is sent.
    const confirmed = await post({ keptName: reply.kept!.name, keptText: reply.kept!.text, confirmShadow: "on" });
    expect(confirmed.status, JSON.stringify(body(confirmed.result))).toBe(302);
    expect((await redirected(confirmed.result)).toast).toMatchObject({ description: "Imported 3 redirects: 3 added, 0 updated." });
    for (const from of ["/careers", "/research", "/form-take/ok"]) {
      const rule = (await allRedirects()).find((r) => r.from === from)!;
      await deleteRedirect(rule.id, actor);
    }
  });
});

describe("hits are counted in memory and written in batches", () => {
  it("100 visits add nothing to the database until a flush, which adds all 100 and the last visit's time", async () => {
    const rule = await must({ from: "/hits/one", to: "/about" });
    expect(pendingRedirectHits()).toBe(0);
    for (let i = 0; i < 100; i++) countRedirectHit(rule.id);
    expect((await getRedirect(rule.id))?.hits).toBe(0);
    expect((await getRedirect(rule.id))?.lastHitAt).toBeNull();
    expect(pendingRedirectHits()).toBe(100);

    expect(await flushRedirectHits()).toBe(1);
    expect(pendingRedirectHits()).toBe(0);
    const after = await getRedirect(rule.id);
    expect(after?.hits).toBe(100);
    expect(after?.lastHitAt).toBeInstanceOf(Date);
    // A flush with nothing counted writes nothing.
    expect(await flushRedirectHits()).toBe(0);
    // Hits are not an edit: the version is unchanged.
    expect(after?.version).toBe(rule.version);
    // An edit keeps the count.
    const edited = await updateRedirect(rule.id, parsed({ from: "/hits/one", to: "/research" }), actor);
    expect(edited.ok && edited.record.hits).toBe(100);
  });

  it("one flush adds each rule's own count, for several rules at once, and keeps the latest visit time", async () => {
    const rules = [
      await must({ from: "/hits/a", to: "/about" }),
      await must({ from: "/hits/b", to: "/about" }),
      await must({ from: "/hits/c", to: "", statusCode: 410 }),
    ];
    const early = new Date("2026-01-01T10:00:00Z");
    const late = new Date("2026-01-01T11:00:00Z");
    countRedirectHit(rules[0]!.id, early);
    for (let i = 0; i < 2; i++) countRedirectHit(rules[1]!.id, early);
    for (let i = 0; i < 3; i++) countRedirectHit(rules[2]!.id, late);
    expect(pendingRedirectHits()).toBe(6);
    expect(await flushRedirectHits()).toBe(3);
    const after = await Promise.all(rules.map((rule) => getRedirect(rule.id)));
    expect(after.map((rule) => rule?.hits)).toEqual([1, 2, 3]);
    expect(after.map((rule) => rule?.lastHitAt?.toISOString())).toEqual([
      early.toISOString(),
      early.toISOString(),
      late.toISOString(),
    ]);
    // A later flush adds to the count; an older visit time does not replace a newer one.
    countRedirectHit(rules[2]!.id, early);
    await flushRedirectHits();
    expect(await getRedirect(rules[2]!.id)).toMatchObject({ hits: 4, lastHitAt: late });
  });

  it("hits counted for a rule deleted before the flush are dropped without failing the flush", async () => {
    const keep = await must({ from: "/hits/keep", to: "/about" });
    const gone = await must({ from: "/hits/gone", to: "/about" });
    countRedirectHit(keep.id);
    countRedirectHit(gone.id);
    await deleteRedirect(gone.id, actor);
    await flushRedirectHits();
    expect((await getRedirect(keep.id))?.hits).toBe(1);
    expect(pendingRedirectHits()).toBe(0);
  });
});

describe("the 404 log", () => {
  async function loggedPaths(prefix: string): Promise<string[]> {
    const rows = await getDb()
      .select({ path: notFoundPaths.path })
      .from(notFoundPaths)
      .where(like(notFoundPaths.path, `${prefix}%`));
    return rows.map((row) => row.path);
  }

  it("counts visits to a missing address with the linking site, and Ignore hides it from the list", async () => {
    for (let i = 0; i < 3; i++) recordNotFound("/missing/often", "news.example");
    recordNotFound("/missing/twice", null);
    recordNotFound("/missing/twice", "blog.example");
    // Not written until a flush.
    expect((await topNotFound()).some((entry) => entry.path.startsWith("/missing/"))).toBe(false);
    expect(await flushNotFoundLog()).toBe(2);

    const top = await topNotFound();
    expect(top.find((entry) => entry.path === "/missing/often")).toMatchObject({
      hits: 3,
      referrerHost: "news.example",
      ignored: false,
    });
    expect(top.find((entry) => entry.path === "/missing/twice")).toMatchObject({
      hits: 2,
      referrerHost: "blog.example",
    });

    const count = await countNotFound();
    expect(await ignoreNotFound("/missing/often")).toBe(true);
    expect((await topNotFound()).map((entry) => entry.path)).not.toContain("/missing/often");
    expect((await topNotFound()).map((entry) => entry.path)).toContain("/missing/twice");
    // Still counted, and still set aside after more visits.
    expect(await countNotFound()).toBe(count);
    recordNotFound("/missing/often", null);
    await flushNotFoundLog();
    expect((await topNotFound()).map((entry) => entry.path)).not.toContain("/missing/often");
    expect(await ignoreNotFound("/missing/often")).toBe(false);
    expect(await ignoreNotFound("/missing/never-seen")).toBe(false);
  });

  it("a visit counted just before a redirect was added does not bring the address back at the next flush", async () => {
    recordNotFound("/missing/race", null);
    await flushNotFoundLog();
    recordNotFound("/missing/race", null);
    await must({ from: "/missing/race", to: "/about" });
    await flushNotFoundLog();
    expect((await topNotFound(100)).map((entry) => entry.path)).not.toContain("/missing/race");
  });

  it("adding a redirect for a logged missing address removes it from the log", async () => {
    recordNotFound("/missing/fixed", "partner.example");
    recordNotFound("/missing/fixed", null);
    await flushNotFoundLog();
    expect((await topNotFound(100)).map((entry) => entry.path)).toContain("/missing/fixed");
    const count = await countNotFound();

    await must({ from: "/missing/fixed/", to: "/about" });
    expect((await topNotFound(100)).map((entry) => entry.path)).not.toContain("/missing/fixed");
    expect(await countNotFound()).toBe(count - 1);
  });

  it(
    "a scan of 50,000 missing addresses leaves the log at its cap of 10,000, keeping the most recent",
    { timeout: 120_000 },
    async () => {
      await getDb().delete(notFoundPaths);
      const total = 50_000;
      const start = Date.now() - total;
      const path = (i: number) => `/scan/${i}-${Math.random().toString(36).slice(2, 8)}`;
      const paths: string[] = [];
      for (let i = 0; i < total; i++) {
        paths.push(path(i));
        // One millisecond apart, so "most recent" is exact.
        recordNotFound(paths[i]!, null, new Date(start + i));
        // The server flushes on an interval; flushing every 1,500 keeps below the early flush at 2,000, so
        // every write here is one this test awaits.
        if ((i + 1) % 1_500 === 0) await flushNotFoundLog();
      }
      await flushNotFoundLog();

      expect(await countNotFound()).toBe(NOT_FOUND_LOG_CAP);
      const kept = new Set(await loggedPaths("/scan/"));
      expect(kept.size).toBe(NOT_FOUND_LOG_CAP);
      expect(kept.has(paths.at(-1)!)).toBe(true);
      expect(kept.has(paths[0]!)).toBe(false);
      // Exactly the 10,000 most recent.
      expect(kept).toEqual(new Set(paths.slice(total - NOT_FOUND_LOG_CAP)));
    },
  );

  it(
    "a scan faster than the flushes holds at most 5,000 new addresses in memory, and still counts known ones",
    { timeout: 120_000 },
    async () => {
      await getDb().delete(notFoundPaths);
      const total = 50_000;
      // No await in this loop: nothing is written while it runs. At 2,000 waiting addresses an early
      // flush takes them; the buffer then fills to 5,000 and later new addresses are not counted.
      for (let i = 0; i < total; i++) recordNotFound(`/burst/${i}`, null);
      // An address already waiting is still counted when the buffer is full.
      recordNotFound("/burst/2000", "again.example");

      const flushed = await flushNotFoundLog();
      expect(flushed).toBeLessThanOrEqual(5_000);
      expect(flushed).toBe(5_000);

      // The early flush started by recordNotFound finishes on its own.
      await vi.waitFor(async () => expect((await loggedPaths("/burst/")).length).toBe(2_000 + 5_000), {
        timeout: 30_000,
        interval: 100,
      });
      const logged = new Set(await loggedPaths("/burst/"));
      expect(logged.has("/burst/0")).toBe(true);
      expect(logged.has("/burst/1999")).toBe(true);
      expect(logged.has("/burst/6999")).toBe(true);
      expect(logged.has("/burst/7000")).toBe(false);
      expect(logged.has(`/burst/${total - 1}`)).toBe(false);
      const [again] = await getDb().select().from(notFoundPaths).where(eq(notFoundPaths.path, "/burst/2000"));
      expect(again).toMatchObject({ hits: 2, referrerHost: "again.example" });
      // Nothing is left waiting.
      expect(await flushNotFoundLog()).toBe(0);
    },
  );
});
