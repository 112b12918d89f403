import { afterEach, describe, expect, it } from "vitest";
import { getDb, openDatabase, setDatabase, type DatabaseHandle } from "~db/client.server";
import { isDatabaseUnavailable } from "~db/errors.server";
import { loader as dashboardLoader } from "~/routes/admin._index";
import { action as contactAction } from "~/routes/_site.contact";
import * as contactApi from "~/routes/api.contact";
import { handleAdminForm } from "~/server/forms/admin-action.server";
import { readiness, setDatabaseHealth, storageStatus } from "~/server/http/database-health.server";
import { heroSchema } from "~/schemas/hero";
import { CONTACT_NOT_STORED, type ContactActionData } from "~/utils/contact";
import { call, operatorCookie } from "../helpers/api-client";
import { settle, testContext } from "../helpers/route-result";

/**
 * What a visitor and an operator get when the database is away or full: 503 with Retry-After, nothing
 * acknowledged that was not stored, what was typed kept; and what /readyz and the dashboard say.
 */

const MB = 1024 * 1024;
let saved: DatabaseHandle | undefined;
const unreachable = () => openDatabase({ socketDir: "/nonexistent-kestrel-database" });

/** The database the models use is swapped for one that cannot be reached. */
function databaseAway() {
  saved ??= { db: getDb() } as DatabaseHandle;
  const away = unreachable();
  setDatabase(away);
  return away;
}

afterEach(() => {
  if (saved) setDatabase(saved);
  saved = undefined;
  setDatabaseHealth(undefined);
});

const message = {
  name: "Ada Lovelace",
  email: "ada@example.org",
  subject: "Investment Inquiry",
  message: "I would like to hear about the seed round.",
};

// Readiness first: the disk-full failures below are remembered for a minute, as they should be.
describe("readiness and the storage warning", () => {
  const health = (freeBytes: number, up = true) =>
    setDatabaseHealth({ handle: { ping: async () => {} } as unknown as DatabaseHandle, embedded: { isUp: () => up }, dataDir: "/data", freeSpace: () => freeBytes });

  it("is ready with room to spare, and the dashboard says nothing", async () => {
    health(2000 * MB);
    expect(await readiness(1000)).toEqual({ ready: true });
    expect(storageStatus()).toMatchObject({ low: false, critical: false });
    const cookie = await operatorCookie();
    const page = await settle(() =>
      dashboardLoader({ request: new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }), params: {}, context: testContext }),
    );
    expect((page.body as { storage: unknown }).storage).toBeNull();
  });

  it("warns on the dashboard before the store is full, and refuses readiness once a write would fail", async () => {
    const cookie = await operatorCookie();
    const dashboard = async () =>
      (
        await settle(() =>
          dashboardLoader({ request: new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }), params: {}, context: testContext }),
        )
      ).body as { storage: { critical: boolean; freeMB: number; neededMB: number } | null };

    health(100 * MB);
    expect(await readiness(1000)).toEqual({ ready: true });
    expect((await dashboard()).storage).toEqual({ critical: false, freeMB: 100, neededMB: 64 });

    health(10 * MB);
    expect(await readiness(1000)).toEqual({ ready: false, reason: "low disk space: 10 MB free, 64 MB needed" });
    expect((await dashboard()).storage).toEqual({ critical: true, freeMB: 10, neededMB: 64 });

    health(2000 * MB, false);
    expect(await readiness(1000)).toEqual({ ready: false, reason: "the database is restarting" });
  });
});

describe("a write the database cannot take", () => {
  it("the contact form says the message was not sent, keeps what was typed, and answers 503 with Retry-After", async () => {
    databaseAway();
    const answer = await contactAction({
      request: new Request("http://localhost:3000/contact", { method: "POST", body: new URLSearchParams(message) }),
      context: { ...testContext, clientAddress: "198.51.100.77" },
      params: {},
    });
    const body = answer.data as ContactActionData;
    expect(answer.init?.status).toBe(503);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("10");
    expect(body.status).toBe("unavailable");
    expect(body.result?.error).toEqual({ "": [CONTACT_NOT_STORED] });
    expect(body.result?.initialValue).toMatchObject(message);
  });

  it("the JSON API answers 503 with Retry-After and a message", async () => {
    databaseAway();
    const response = await call(contactApi, "/api/contact", { method: "POST", json: message });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("10");
    expect(await response.json()).toEqual({ message: "The service is temporarily unavailable. Please try again shortly." });
  });

  it("an admin save answers 503 with Retry-After and SPEC's failure toast", async () => {
    const cookie = await operatorCookie();
    const form = new URLSearchParams({ title: "T", subtitle: "S", primaryCtaText: "Go", primaryCtaUrl: "https://example.com" });
    const reply = await settle(() =>
      handleAdminForm({
        request: new Request("http://localhost:3000/admin/hero", { method: "POST", body: form, headers: { Cookie: cookie } }),
        context: { ...testContext, clientAddress: "198.51.100.78" },
        schema: heroSchema,
        write: async () => {
          throw Object.assign(new Error("could not extend file: No space left on device"), { code: "53100" });
        },
        successUrl: "/admin/hero",
        successMessage: "Hero content updated successfully!",
        failureMessage: "Failed to update hero content. Please try again.",
      }),
    );
    expect(reply.status).toBe(503);
    expect(reply.headers.get("Retry-After")).toBe("10");
    expect(reply.body).toMatchObject({ toast: { title: "Error", description: "Failed to update hero content. Please try again." } });
  });

  it("tells the database's failures from a bug", () => {
    for (const code of ["53100", "08006", "57P01", "57014", "58030", "CONNECTION_CLOSED", "ECONNREFUSED", "CONNECT_TIMEOUT"]) {
      expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: Object.assign(new Error("disk"), { code: "53100" }) }))).toBe(true);
    for (const code of ["23505", "42P01", "22001", undefined]) {
      expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code })), String(code)).toBe(false);
    }
  });
});
