import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { analyticsConfigured, watchAnalyticsSettings } from "~/models/analytics-settings.server";
import { countContactMessages, listContactMessages } from "~/models/contact-messages.server";
import { getSeoSettings, updateSeoSettings } from "~/models/seo-settings.server";
import { action as consentAction, loader as consentLoader } from "~/routes/consent";
import { action as contactAction, loader as contactLoader } from "~/routes/_site.contact";
import { contentSecurityPolicy } from "~/server/http/security-headers.server";
import type { ContactActionData } from "~/utils/contact";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { loadSiteServices } from "~/server/site/site-services.server";
import { testConfig } from "../helpers/setup-env";

const operator = { userId: null, email: "admin@kestrelinsight.example" };

function context(clientAddress: string): AppLoadContext {
  return { cspNonce: "", clientAddress, peerAddress: "127.0.0.1" };
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost:3000${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

/** The action answers with Remix's data(): a value and its status/headers. */
async function submitContact(fields: Record<string, string>, clientAddress = "203.0.113.7") {
  const answer = await contactAction({ request: post("/contact", fields), context: context(clientAddress), params: {} });
  return {
    status: answer.init?.status ?? 200,
    headers: new Headers(answer.init?.headers),
    body: answer.data as ContactActionData,
  };
}

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.org",
  subject: "Investment Inquiry",
  message: "I would like to hear about the seed round.",
};

describe("the contact action", () => {
  it("refuses invalid input sent straight to it with 400 and every field's message, storing nothing", async () => {
    const before = await countContactMessages();
    const missing = await submitContact({}, "198.51.100.1");
    const tooShort = await submitContact({ name: "A", email: "not-an-address", subject: "Hi", message: "Too short" }, "198.51.100.1");
    for (const answer of [missing, tooShort]) {
      expect(answer.status).toBe(400);
      expect(answer.body.status).toBe("invalid");
      expect(answer.body.result?.error).toMatchObject({
        name: ["Name must be at least 2 characters"],
        email: ["Please enter a valid email address"],
        subject: ["Subject must be at least 3 characters"],
        message: ["Message must be at least 10 characters"],
      });
    }
    expect(tooShort.body.result?.initialValue).toMatchObject({ name: "A", subject: "Hi", message: "Too short" });
    const overLong = await submitContact({ ...valid, message: "x".repeat(5001) }, "198.51.100.1");
    expect(overLong.status).toBe(400);
    expect(overLong.body.result?.error?.message).toEqual(["Must be 5000 characters or fewer"]);
    expect(await countContactMessages()).toBe(before);
  });

  it("stores a valid message, with its fields, before it answers success", async () => {
    const before = await countContactMessages();
    const answer = await submitContact(valid, "198.51.100.2");
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("success");
    expect(answer.body.result?.initialValue).toBeNull();
    expect(await countContactMessages()).toBe(before + 1);
    const [latest] = await listContactMessages();
    expect(latest).toMatchObject(valid);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const before = await countContactMessages();
    const answer = await submitContact({ ...valid, website: "https://spam.example" }, "198.51.100.3");
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("success");
    expect(await countContactMessages()).toBe(before);
  });

  it("answers 429 with Retry-After and a clear message over the limit, keeping what was typed", async () => {
    const { max } = testConfig.rateLimits.contact;
    const before = await countContactMessages();
    for (let i = 0; i < max; i += 1) {
      expect((await submitContact(valid, "198.51.100.4")).status).toBe(200);
    }
    const refused = await submitContact(valid, "198.51.100.4");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.body.status).toBe("rate_limited");
    expect(refused.body.result?.error?.[""]).toEqual([RATE_LIMIT_MESSAGE]);
    expect(refused.body.result?.initialValue).toMatchObject(valid);
    expect(await countContactMessages()).toBe(before + max);
    // Another visitor is not affected.
    expect((await submitContact(valid, "198.51.100.5")).status).toBe(200);
  });

  it("prefills the page's subject from the link, only when it fits the field", async () => {
    const load = (query: string) =>
      contactLoader({ request: new Request(`http://localhost:3000/contact${query}`), context: context("203.0.113.7"), params: {} });
    // The page also gives the registered office, the regulatory status record's (decision 0028).
    const registeredOffice = expect.stringContaining("London");
    expect(await load("?subject=Press%20Inquiry")).toEqual({ subject: "Press Inquiry", registeredOffice });
    expect(await load(`?subject=${"x".repeat(151)}`)).toEqual({ subject: "", registeredOffice });
    expect(await load("")).toEqual({ subject: "", registeredOffice });
  });
});

describe("the consent action", () => {
  async function choose(fields: Record<string, string>) {
    return consentAction({ request: post("/consent", fields), context: context("203.0.113.7"), params: {} });
  }

  it("saves the choice in a first-party cookie for 12 months and goes back to the same page", async () => {
    for (const choice of ["accepted", "declined"]) {
      const response = await choose({ choice, returnTo: "/about?tab=team" });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/about?tab=team");
      // The choice, then the consent record's id and version (issue 39).
      expect(response.headers.getSetCookie()[0]).toBe(`kestrel_consent=${choice}; Path=/; SameSite=Lax; Max-Age=31536000`);
      expect(response.headers.getSetCookie()[1]).toMatch(/^kestrel_consent_id=\d+\.[0-9a-f-]{36}; Path=\/; SameSite=Lax; HttpOnly; Max-Age=31536000$/);
    }
    const settings = await choose({ choice: "declined", returnTo: "/cookies#cookie-settings" });
    expect(settings.headers.get("Location")).toBe("/cookies#cookie-settings");
  });

  it("closes the banner for this browser session only", async () => {
    const response = await choose({ choice: "dismissed", returnTo: "/" });
    expect(response.headers.get("Set-Cookie")).toBe("kestrel_consent=dismissed; Path=/; SameSite=Lax");
  });

  it("redirects only to paths on this site", async () => {
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "/%2F%2Fevil.example", ""]) {
      const response = await choose({ choice: "accepted", returnTo });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
    }
    const noReturn = await choose({ choice: "accepted" });
    expect(noReturn.headers.get("Location")).toBe("/");
  });

  it("refuses anything but a known choice, setting no cookie", async () => {
    const response = await choose({ choice: "maybe", returnTo: "/" });
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("changes nothing on GET: it points at the cookie settings", async () => {
    const response = consentLoader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cookies#cookie-settings");
  });
});

describe("analytics settings", () => {
  it("tells the page the visitor's choice and the measurement ID, and the CSP allows Google only with an ID", async () => {
    await watchAnalyticsSettings();
    const page = (cookie?: string) =>
      loadSiteServices(new Request("http://localhost:3000/", { headers: cookie ? { Cookie: cookie } : {} }));

    expect(await page()).toEqual({ consent: { choice: null, dismissed: false }, measurementId: "" });
    expect(analyticsConfigured()).toBe(false);
    expect(contentSecurityPolicy("n", { secure: false, formActionOrigins: [], analytics: analyticsConfigured() })).not.toContain(
      "googletagmanager",
    );

    const seo = await getSeoSettings();
    expect((await updateSeoSettings({ gaTrackingId: "G-TEST12345" }, operator, seo.version)).ok).toBe(true);
    // The change reaches the CSP's synchronous answer through the content-change listener.
    await expect.poll(() => analyticsConfigured()).toBe(true);
    expect(contentSecurityPolicy("n", { secure: false, formActionOrigins: [], analytics: analyticsConfigured() })).toContain(
      "https://www.googletagmanager.com",
    );
    expect(await page("other=1; kestrel_consent=accepted")).toEqual({
      consent: { choice: "accepted", dismissed: false },
      measurementId: "G-TEST12345",
    });
    expect((await page("kestrel_consent=declined")).consent).toEqual({ choice: "declined", dismissed: false });
    expect((await page("kestrel_consent=dismissed")).consent).toEqual({ choice: null, dismissed: true });
    expect((await page("kestrel_consent=sure")).consent).toEqual({ choice: null, dismissed: false });

    const current = await getSeoSettings();
    expect((await updateSeoSettings({ gaTrackingId: null }, operator, current.version)).ok).toBe(true);
    await expect.poll(() => analyticsConfigured()).toBe(false);
    expect((await page("kestrel_consent=accepted")).measurementId).toBe("");
  });
});
