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
