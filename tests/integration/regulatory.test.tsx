import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SiteFooter } from "~/components/site/footer";
import { defaultRegulatoryStatus } from "~/content/defaults";
import { setClock } from "~/models/clock.server";
import { cachedNow, clearContentCache, onContentChange } from "~/models/content-cache.server";
import { getRegulatoryStatus, updateRegulatoryStatus } from "~/models/regulatory-status.server";
import * as adminRegulatory from "~/routes/admin.regulatory";
import * as collectionRoute from "~/routes/api.admin.$collection";
import * as publicCollectionRoute from "~/routes/api.$collection";
import { loader as layoutLoader } from "~/routes/_site";
import { loader as investorsLoader } from "~/routes/_site.investors";
import { REGULATORY_MESSAGES } from "~/schemas/regulatory";
import type { SiteLayout } from "~/utils/site-layout";
import type { SiteSeo } from "~/utils/seo";
import { organizationJsonLd } from "~/utils/seo";
import { call, invoke, jsonOf, operatorCookie } from "../helpers/api-client";
import { withParams } from "../helpers/route-modules";
import { settle, testContext } from "../helpers/route-result";

/**
 * Issue 37: the regulatory status record, the disclosure generated from it (API, footer, JSON-LD), a
 * scheduled status that takes effect by itself, and the wordings the rules forbid.
 */

const publicStatus = withParams(publicCollectionRoute, { collection: "regulatory-status" });
const adminStatus = withParams(collectionRoute, { collection: "regulatory-status" });
const seed = { userId: null, email: "seed@kestrelinsight.example" };

const NOT_AUTHORISED = "Kestrel Insight Ltd is not authorised or regulated by the Financial Conduct Authority.";
const AR =
  "Kestrel Insight Ltd is an appointed representative of Example Capital Ltd, which is authorised and regulated by the Financial Conduct Authority (FRN 123456).";
const AUTHORISED = "Kestrel Insight Ltd is authorised and regulated by the Financial Conduct Authority (FRN 7654321).";
const COMPANY =
  "Kestrel Insight Ltd. Registered in England and Wales. Company number 14829361. Registered office: Unit 4, Larkspur Yard, 118 Curtain Road, London, EC2A 3AY, United Kingdom.";

const body = {
  ...defaultRegulatoryStatus,
  takesEffectAt: null,
};

let admin = "";
let editor = "";
beforeAll(async () => {
  admin = await operatorCookie();
  editor = await operatorCookie("editor-reg@kestrelinsight.example", "editor");
});
afterEach(() => setClock(null));
afterAll(async () => {
  // The database is shared with the files after this one: the seeded status again.
  await updateRegulatoryStatus(body, seed);
});

interface StatusJson {
  fcaStatus: string;
  version: number;
  disclosure: { status: string; company: string; vat: string | null; frn: string | null; registerUrl: string | null };
}

async function publicJson(): Promise<StatusJson> {
  const response = await call(publicStatus, "/api/regulatory-status");
  expect(response.status).toBe(200);
  return jsonOf<StatusJson>(response);
}

async function put(json: Record<string, unknown>, cookie = admin): Promise<Response> {
  return call(adminStatus, "/api/admin/regulatory-status", { method: "PUT", json, cookie });
}

/** The footer as a page sends it: the layout loader's data through the footer component. */
async function footerHtml(): Promise<{ html: string; site: SiteSeo }> {
  const { body: data } = await settle(() =>
    layoutLoader({ request: new Request("http://localhost:3000/platforms"), context: testContext, params: {} }),
  );
  const { layout, site } = data as { layout: SiteLayout; site: SiteSeo };
  // Rendered outside a browser, the router's links warn that their layout effects do nothing: expected here.
  const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SiteFooter layout={layout} />
      </MemoryRouter>,
    );
    return { html, site };
  } finally {
    quiet.mockRestore();
  }
}

const unescape = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe("the disclosure for each status", () => {
  it("is seeded from the copy: not authorised, with the Companies Act line, public and cacheable", async () => {
    const response = await call(publicStatus, "/api/regulatory-status");
    expect(response.headers.get("Cache-Control")).toMatch(/public/);
    expect(response.headers.get("ETag")).toBeTruthy();
    const json = await jsonOf<StatusJson>(response);
    expect(json.fcaStatus).toBe("not_authorised");
    expect(json.disclosure).toEqual({
      status: NOT_AUTHORISED,
      company: COMPANY,
      vat: null,
      frn: null,
      registerUrl: null,
      text: `${NOT_AUTHORISED} ${COMPANY}`,
    });
    const { html, site } = await footerHtml();
    expect(unescape(html)).toContain(NOT_AUTHORISED);
    expect(unescape(html)).toContain(COMPANY);
    expect(html).not.toContain("register.fca.org.uk");
    expect(organizationJsonLd(site)).toMatchObject({ legalName: "Kestrel Insight Ltd", description: NOT_AUTHORISED });
  });

  it("an appointed representative names its principal and the principal's FRN, linked to the register", async () => {
    const response = await put({
      ...body,
      fcaStatus: "appointed_representative",
      principalName: "Example Capital Ltd",
      principalFrn: "123456",
    });
    expect(response.status).toBe(200);
    const json = await publicJson();
    expect(json.disclosure.status).toBe(AR);
    expect(json.disclosure.registerUrl).toBe("https://register.fca.org.uk/s/search?q=123456&type=Companies");
    const { html, site } = await footerHtml();
    expect(unescape(html)).toContain(AR);
    expect(unescape(html)).toContain('href="https://register.fca.org.uk/s/search?q=123456&type=Companies"');
    // Page copy that states the status reads it from the record.
    const investors = await investorsLoader();
    expect(investors.investors.regulatory.intro.startsWith(AR)).toBe(true);
    // The principal's FRN is not the firm's own identifier.
    expect(JSON.stringify(organizationJsonLd(site))).not.toContain("Firm Reference Number");
  });

  it("an authorised firm gives its own FRN, and the VAT number shows when set", async () => {
    const response = await put({ ...body, fcaStatus: "authorised", firmFrn: "7654321", vatNumber: "GB 123456789" });
    expect(response.status).toBe(200);
    const json = await publicJson();
    expect(json.disclosure.status).toBe(AUTHORISED);
    expect(json.disclosure.vat).toBe("VAT number GB123456789.");
    const { html, site } = await footerHtml();
    expect(unescape(html)).toContain(AUTHORISED);
    expect(html).toContain("VAT number GB123456789.");
    expect(organizationJsonLd(site)).toMatchObject({
      vatID: "GB123456789",
      identifier: expect.arrayContaining([expect.objectContaining({ value: "7654321" })]),
    });
  });
});

describe("wordings the rules forbid", () => {
  it.each([
    ["legalName", { legalName: "Kestrel Insight (FCA) Ltd" }, REGULATORY_MESSAGES.abbreviation],
    ["principalName", { fcaStatus: "appointed_representative", principalName: "An FCA-authorised firm", principalFrn: "123456" }, REGULATORY_MESSAGES.abbreviation],
    ["principalFrn", { fcaStatus: "appointed_representative", principalName: "Example Capital Ltd", principalFrn: "12345" }, REGULATORY_MESSAGES.frn],
    ["firmFrn", { fcaStatus: "authorised", firmFrn: "12345678" }, REGULATORY_MESSAGES.frn],
    ["firmFrn", { fcaStatus: "authorised", firmFrn: "" }, REGULATORY_MESSAGES.firmFrn],
    ["takesEffectAt", { scheduledStatus: "authorised", scheduledFirmFrn: "123456" }, REGULATORY_MESSAGES.takesEffectAt],
  ])("PUT refuses %s with 400 and its message", async (field, changes, message) => {
    const before = await publicJson();
    const response = await put({ ...body, ...changes });
    expect(response.status).toBe(400);
    const json = await jsonOf<{ errors: Record<string, string[]> }>(response);
    expect(json.errors[field]).toContain(message);
    expect((await publicJson()).version).toBe(before.version);
  });

  it("the admin form refuses it too, with the message under the field, without JavaScript", async () => {
    const form = new URLSearchParams({ ...body, takesEffectAt: "", legalName: "FCA Kestrel Ltd" } as Record<string, string>);
    const { status, result } = await invoke(adminRegulatory, "/admin/regulatory", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
      cookie: admin,
    });
    expect(status).toBe(400);
    const reply = (result as { data: { result: { error: Record<string, string[]> } } }).data.result;
    expect(reply.error.legalName).toEqual([REGULATORY_MESSAGES.abbreviation]);
  });

  it("only an admin may change it", async () => {
    expect((await put({ ...body }, editor)).status).toBe(403);
    const { status } = await invoke(adminRegulatory, "/admin/regulatory", { cookie: editor });
    expect(status).toBe(403);
  });
});

describe("a scheduled status", () => {
  it("takes effect at its time by itself: the cache empties then, with no request", async () => {
    const at = new Date(Date.now() + 1500);
    const response = await put({
      ...body,
      scheduledStatus: "appointed_representative",
      scheduledPrincipalName: "Example Capital Ltd",
      scheduledPrincipalFrn: "123456",
      takesEffectAt: at.toISOString(),
    });
    expect(response.status).toBe(200);
    expect((await publicJson()).disclosure.status).toBe(NOT_AUTHORISED);
    expect(cachedNow("regulatory status:watched")).toBeDefined();
    // Nothing is asked of the server from here until the cache has emptied itself.
    await new Promise<void>((resolve) => {
      const stop = onContentChange(() => {
        if (Date.now() >= at.getTime()) {
          stop();
          resolve();
        }
      });
    });
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(cachedNow("regulatory status:watched")).toBeUndefined();
    expect((await publicJson()).disclosure.status).toBe(AR);
    const { html } = await footerHtml();
    expect(unescape(html)).toContain(AR);
  });

  it("a server that was down at its time discloses it on its first read after", async () => {
    const t0 = new Date("2031-05-01T08:00:00Z");
    setClock(() => t0);
    const response = await put({
      ...body,
      scheduledStatus: "authorised",
      scheduledFirmFrn: "7654321",
      takesEffectAt: "2031-05-01T09:00:00Z",
    });
    expect(response.status).toBe(200);
    expect((await getRegulatoryStatus()).scheduledStatus).toBe("authorised");
    expect((await publicJson()).disclosure.status).toBe(NOT_AUTHORISED);
    // The restart: a new process has nothing cached and its clock is past the time.
    clearContentCache();
    setClock(() => new Date("2031-05-01T10:00:00Z"));
    expect((await publicJson()).disclosure.status).toBe(AUTHORISED);
    expect(unescape((await footerHtml()).html)).toContain(AUTHORISED);
  });
});
