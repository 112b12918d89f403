import type { AppLoadContext } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { cookieRegister } from "~db/schema";
import { contentChanged } from "~/models/content-cache.server";
import { consentRecordsFor, purgeExpiredConsentRecords } from "~/models/consent-records.server";
import { readCookieRegister, updateCookieRegister } from "~/models/cookie-register.server";
import { action as consentAction } from "~/routes/consent";
import { loadSiteServices } from "~/server/site/site-services.server";
import { parseConsentRecordCookie } from "~/utils/consent";
import * as adminCookies from "~/routes/admin.cookies";
import * as cookiesPage from "~/routes/_site.cookies";
import * as download from "~/routes/consent_.record[.]json";
import { loadLegalPage } from "~/server/site/legal-pages.server";
import { runMaintenance } from "~/server/http/maintenance.server";
import { invoke, operatorCookie, setOperatorRole } from "../helpers/api-client";
import * as apiConsent from "~/routes/api.consent";
import * as apiRecords from "~/routes/api.admin.consent.records";
import * as apiSummary from "~/routes/api.admin.consent.summary";
import * as adminConsent from "~/routes/admin.consent";
import type { IncomingMessage } from "node:http";
import { cacheRenderRequest, pageCacheKey } from "~/server/http/page-cache.server";
import { settle } from "../helpers/route-result";
import { getConfig, setConfig } from "~/server/config.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";

const operator = { userId: null, email: "admin@kestrelinsight.example" };
const context: AppLoadContext = { cspNonce: "", clientAddress: "203.0.113.9", peerAddress: "127.0.0.1" };

function post(path: string, fields: Record<string, string>, cookie = ""): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
}

/** The cookies a response sets, as a Cookie header a browser would send back (after `jar`'s). */
function cookiesAfter(response: Response, jar = ""): string {
  const values = new Map(
    jar
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.slice(0, part.indexOf("=")), part.slice(part.indexOf("=") + 1)] as const),
  );
  for (const setCookie of response.headers.getSetCookie()) {
    const [pair] = setCookie.split(";");
    const at = pair!.indexOf("=");
    values.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  return [...values].map(([name, value]) => `${name}=${value}`).join("; ");
}

function recordCookie(cookie: string) {
  const raw = /kestrel_consent_id=([^;]+)/.exec(cookie)?.[1];
  return parseConsentRecordCookie(raw);
}

async function choose(fields: Record<string, string>, cookie = "") {
  return (await consentAction({ request: post("/consent", fields, cookie), context, params: {} })) as Response;
}

const page = (cookie: string) => loadSiteServices(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));

// The database is shared with the files after this one: the register goes back to its default (version 1), so a
// bare "kestrel_consent=accepted" there still counts as a current choice.
afterAll(async () => {
  await getDb().delete(cookieRegister);
  await contentChanged();
});

describe("consent records", () => {
  it("the banner without JavaScript stores exactly one record, under the current version, and the cookie carries its id", async () => {
    const version = (await readCookieRegister()).consentVersion;
    const response = await choose({ choice: "accepted", returnTo: "/about" });
    expect(response.status).toBe(303);
    const cookie = cookiesAfter(response);
    expect(cookie).toContain("kestrel_consent=accepted");
    const record = recordCookie(cookie)!;
    expect(record.version).toBe(version);
    const records = await consentRecordsFor(record.consentId!);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ version, action: "accept", how: "banner-no-js", choices: { analytics: true }, wordingVersion: 1 });
    // Nothing that identifies the visitor: only these fields.
    expect(Object.keys(records[0]!).sort()).toEqual(["action", "choices", "consentId", "how", "recordedAt", "version", "wordingVersion"]);
  });

  it("the banner with JavaScript and the cookie settings each store one record, keeping the visitor's consent id", async () => {
    const first = await choose({ choice: "declined", js: "1" });
    expect(first.status).toBe(204);
    const cookie = cookiesAfter(first);
    const { consentId } = recordCookie(cookie)!;
    expect((await consentRecordsFor(consentId!)).map((r) => [r.action, r.how])).toEqual([["decline", "banner-js"]]);

    const second = await choose({ choice: "accepted", source: "cookies-page", returnTo: "/cookies#cookie-settings" }, cookie);
    expect(second.headers.get("Location")).toBe("/cookies#cookie-settings");
    expect(recordCookie(cookiesAfter(second, cookie))!.consentId).toBe(consentId);
    expect((await consentRecordsFor(consentId!)).map((r) => [r.action, r.how])).toEqual([
      ["decline", "banner-js"],
      ["accept", "cookies-page"],
    ]);
  });

  it("closing the banner stores nothing", async () => {
    const response = await choose({ choice: "dismissed", returnTo: "/" });
    expect(response.headers.getSetCookie()).toEqual(["kestrel_consent=dismissed; Path=/; SameSite=Lax"]);
  });

  it("withdrawal stores a record and turns analytics off", async () => {
    const accepted = cookiesAfter(await choose({ choice: "accepted" }));
    expect((await page(accepted)).consent.choice).toBe("accepted");
    const response = await choose({ choice: "withdrawn", source: "cookies-page", returnTo: "/cookies#cookie-settings" }, accepted);
    const after = cookiesAfter(response, accepted);
    expect(after).toContain("kestrel_consent=declined");
    const records = await consentRecordsFor(recordCookie(after)!.consentId!);
    expect(records.map((r) => [r.action, r.choices.analytics, r.how])).toEqual([
      ["accept", true, "banner-no-js"],
      ["withdraw", false, "cookies-page"],
    ]);
    expect((await page(after)).consent).toEqual({ choice: "declined", dismissed: false });
  });

  it("a register change that adds an analytics cookie raises the version, and a choice made before is asked again", async () => {
    const accepted = cookiesAfter(await choose({ choice: "accepted" }));
    expect((await page(accepted)).consent).toEqual({ choice: "accepted", dismissed: false });

    const register = await readCookieRegister();
    // A change to a necessary item's wording does not re-ask.
    const reworded = register.items.map((item) => (item.purpose === "necessary" ? { ...item, description: `${item.description} ` } : item));
    const same = await updateCookieRegister({ items: reworded }, operator, register.version);
    expect(same.ok && same.record.consentVersion).toBe(register.consentVersion);
    expect((await page(accepted)).consent.choice).toBe("accepted");

    const added = await updateCookieRegister(
      {
        items: [
          ...reworded,
          { name: "_test_heatmap", provider: "Test", purpose: "analytics", duration: "1 day", description: "A test analytics cookie." },
        ],
      },
      operator,
      same.ok ? same.record.version : 0,
    );
    expect(added.ok && added.record.consentVersion).toBe(register.consentVersion + 1);
    expect((await page(accepted)).consent).toEqual({ choice: null, dismissed: false, askAgain: true });

    // Choosing again counts, under the new version.
    const again = cookiesAfter(await choose({ choice: "declined" }, accepted), accepted);
    expect(recordCookie(again)!.version).toBe(register.consentVersion + 1);
    expect((await page(again)).consent).toEqual({ choice: "declined", dismissed: false });
  });

  it("records older than the retention are purged", async () => {
    const cookie = cookiesAfter(await choose({ choice: "accepted" }));
    const { consentId } = recordCookie(cookie)!;
    const later = new Date(Date.now() + 25 * 31 * 86_400_000);
    expect(await purgeExpiredConsentRecords(24)).toBeGreaterThanOrEqual(0);
    expect(await consentRecordsFor(consentId!)).toHaveLength(1);
    expect(await purgeExpiredConsentRecords(24, later)).toBeGreaterThanOrEqual(1);
    expect(await consentRecordsFor(consentId!)).toHaveLength(0);
  });
});

describe("the cookie register and the visitor's side", () => {
  it("/cookies lists the register and shows the visitor's record, privately; the download gives their records as an attachment", async () => {
    const anonymous = await settle(() => cookiesPage.loader({ request: new Request("http://localhost:3000/cookies"), context, params: {} }));
    const listed = (anonymous.body as { cookies: { name: string }[]; record: unknown }).cookies.map((item) => item.name);
    expect(listed).toContain("kestrel_consent");
    expect(listed).toContain("kestrel_consent_id");
    expect(listed).toContain("_ga");
    expect((anonymous.body as { record: unknown }).record).toBeNull();

    const first = cookiesAfter(await choose({ choice: "accepted", js: "1" }));
    const cookie = cookiesAfter(await choose({ choice: "withdrawn", source: "cookies-page" }, first), first);
    const { consentId } = recordCookie(cookie)!;
    const mine = await settle(() =>
      cookiesPage.loader({ request: new Request("http://localhost:3000/cookies", { headers: { Cookie: cookie } }), context, params: {} }),
    );
    expect((mine.body as { record: { consentId: string; action: string } }).record).toMatchObject({ consentId, action: "withdraw" });

    const file = (await download.loader({
      request: new Request("http://localhost:3000/consent/record.json", { headers: { Cookie: cookie } }),
      context,
      params: {},
    })) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="kestrel-consent-${consentId}.json"`);
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await file.json()) as { consentId: string; records: { action: string }[] };
    expect(body.consentId).toBe(consentId);
    expect(body.records.map((r) => r.action)).toEqual(["accept", "withdraw"]);

    const none = (await download.loader({ request: new Request("http://localhost:3000/consent/record.json"), context, params: {} })) as Response;
    expect(none.status).toBe(404);
  });

  it("/admin/cookies is an admin's: an editor is refused; an admin's save of a new analytics cookie raises the version", async () => {
    await setOperatorRole("editor-consent@kestrelinsight.example", "editor");
    const editor = await operatorCookie("editor-consent@kestrelinsight.example", "editor");
    expect((await invoke(adminCookies, "/admin/cookies", { cookie: editor })).status).toBe(403);

    const admin = await operatorCookie("admin@kestrelinsight.example");
    const before = await readCookieRegister();
    const form = new URLSearchParams({ version: String(before.version), consentRetentionMonths: "18" });
    before.items.forEach((item, index) => {
      for (const [key, value] of Object.entries(item)) form.set(`items[${index}].${key}`, value);
    });
    const at = before.items.length;
    form.set(`items[${at}].name`, "_screen_test");
    form.set(`items[${at}].provider`, "Test");
    form.set(`items[${at}].purpose`, "analytics");
    form.set(`items[${at}].duration`, "1 day");
    form.set(`items[${at}].description`, "Added on the screen.");
    const saved = await invoke(adminCookies, "/admin/cookies", { cookie: admin, method: "POST", body: form });
    expect(saved.status).toBe(302);
    const after = await readCookieRegister();
    expect(after.items.map((item) => item.name)).toContain("_screen_test");
    expect(after.consentVersion).toBe(before.consentVersion + 1);
    expect(after.consentRetentionMonths).toBe(18);

    // A row missing its provider is refused with the field's message.
    form.set("version", String(after.version));
    form.set(`items[${at}].provider`, "");
    const refused = await invoke(adminCookies, "/admin/cookies", { cookie: admin, method: "POST", body: form });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.result)).toContain("Enter who sets it");
  });

  it("the privacy policy states the consent records' retention from the setting, and maintenance purges by it", async () => {
    const register = await readCookieRegister();
    const privacy = await loadLegalPage("privacy");
    const text = JSON.stringify(privacy.document.sections);
    expect(text).not.toContain("{{consent-retention}}");
    expect(text).toContain(`Records of your cookie choices`);

    const cookie = cookiesAfter(await choose({ choice: "declined" }));
    const { consentId } = recordCookie(cookie)!;
    // Maintenance runs the purge by itself (with the setting); a record within the retention stays.
    expect((await runMaintenance()).consentRecords).toBe(0);
    expect(await consentRecordsFor(consentId!)).toHaveLength(1);
    const later = new Date(Date.now() + (register.consentRetentionMonths + 1) * 31 * 86_400_000);
    expect(await purgeExpiredConsentRecords(register.consentRetentionMonths, later)).toBeGreaterThanOrEqual(1);
    expect(await consentRecordsFor(consentId!)).toHaveLength(0);
  });
});

describe("the consent API and the operator's side", () => {
  it("POST /api/consent stores one record (how: api) and sets the cookies; GET answers the caller's record, or 404", async () => {
    const none = (await apiConsent.loader({ request: new Request("http://localhost:3000/api/consent"), context, params: {} })) as Response;
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe(apiConsent.NO_CONSENT_RECORD);

    const posted = (await apiConsent.action({
      request: new Request("http://localhost:3000/api/consent", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ analytics: true }),
      }),
      context,
      params: {},
    })) as Response;
    expect(posted.status).toBe(201);
    const body = (await posted.json()) as { consentId: string; version: number; choices: Record<string, boolean>; recordedAt: string };
    expect(body).toMatchObject({ version: (await readCookieRegister()).consentVersion, choices: { analytics: true } });
    const cookie = cookiesAfter(posted);
    expect(recordCookie(cookie)!.consentId).toBe(body.consentId);
    expect((await consentRecordsFor(body.consentId)).map((r) => r.how)).toEqual(["api"]);

    const mine = (await apiConsent.loader({ request: new Request("http://localhost:3000/api/consent", { headers: { Cookie: cookie } }), context, params: {} })) as Response;
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ consentId: body.consentId, action: "accept", how: "api" });

    const bad = (await apiConsent.action({
      request: new Request("http://localhost:3000/api/consent", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ analytics: "yes" }) }),
      context,
      params: {},
    })) as Response;
    expect(bad.status).toBe(400);
  });

  it("an admin finds one consent id's records (screen, CSV, API) and sees the counts and the accept rate", async () => {
    const cookie = cookiesAfter(await choose({ choice: "accepted" }));
    const { consentId } = recordCookie(cookie)!;
    const admin = await operatorCookie("admin@kestrelinsight.example");
    const screen = await invoke(adminConsent, "/admin/consent", { cookie: admin, search: `?consentId=${consentId}` });
    expect(screen.status).toBe(200);
    const loaded = (screen.result as { data: { records: { consentId: string }[]; summary: { days: unknown[]; current: { acceptRate: number } } } }).data;
    expect(loaded.records.map((r) => r.consentId)).toEqual([consentId]);
    expect(loaded.summary.days).toHaveLength(30);
    expect(loaded.summary.current.acceptRate).toBeGreaterThan(0);

    const api = await invoke(apiRecords, "/api/admin/consent/records", { cookie: admin, search: `?consentId=${consentId}` });
    expect(api.status).toBe(200);
    expect(((await (api.result as Response).json()) as { records: unknown[] }).records).toHaveLength(1);
    expect((await invoke(apiRecords, "/api/admin/consent/records", { cookie: admin, search: "?consentId=nope" })).status).toBe(400);
    expect((await invoke(apiSummary, "/api/admin/consent/summary", { cookie: admin })).status).toBe(200);

    await setOperatorRole("editor-consent@kestrelinsight.example", "editor");
    const editor = await operatorCookie("editor-consent@kestrelinsight.example", "editor");
    expect((await invoke(adminConsent, "/admin/consent", { cookie: editor })).status).toBe(403);
  });
});

describe("the page cache", () => {
  const request = (url: string, cookie: string) => ({ method: "GET", url, headers: { cookie } }) as unknown as IncomingMessage;
  const id = "0b7c6f7e-9d7c-4a51-9f0e-3f3b8b0c2a11";

  it("keys a page on the record cookie's version, never its consent id, and keeps no /cookies that shows a record", () => {
    const key = pageCacheKey(request("/about", `kestrel_consent=accepted; kestrel_consent_id=2.${id}`))!;
    expect(key.id).toBe("/about|accepted|v2");
    expect(key.id).not.toContain(id);
    expect(cacheRenderRequest(key, "http://localhost:3000").headers.get("Cookie")).toBe("kestrel_consent=accepted; kestrel_consent_id=2");
    expect(pageCacheKey(request("/about", "kestrel_consent=accepted"))!.id).toBe("/about|accepted");
    expect(pageCacheKey(request("/cookies", `kestrel_consent=accepted; kestrel_consent_id=2.${id}`))).toBeNull();
  });
});

describe("a client making choice after choice", () => {
  it("is refused with 429 once past the consent rate limit, and no record is stored for the refused choice", async () => {
    const config = getConfig();
    setConfig({ ...config, rateLimits: { ...config.rateLimits, consent: { max: 2, windowSeconds: 600 } } });
    try {
      const busy = { ...context, clientAddress: "198.51.100.77" };
      const once = (await consentAction({ request: post("/consent", { choice: "declined", js: "1" }), context: busy, params: {} })) as Response;
      expect(once.status).toBe(204);
      const cookie = cookiesAfter(once);
      const { consentId } = recordCookie(cookie)!;
      const twice = (await consentAction({ request: post("/consent", { choice: "accepted", js: "1" }, cookie), context: busy, params: {} })) as Response;
      expect(twice.status).toBe(204);
      const refused = (await consentAction({ request: post("/consent", { choice: "declined", js: "1" }, cookie), context: busy, params: {} })) as Response;
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await refused.text()).toBe(RATE_LIMIT_MESSAGE);
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect((await consentRecordsFor(consentId!)).map((record) => record.action)).toEqual(["decline", "accept"]);
    } finally {
      setConfig(config);
    }
  });
});
