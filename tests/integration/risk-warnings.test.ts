import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRiskWarnings } from "~/content/risk";
import { listProducts } from "~/models/products.server";
import { updateRiskWarnings } from "~/models/risk-warnings.server";
import { loader as homeLoader } from "~/routes/_site._index";
import { loader as investorsLoader } from "~/routes/_site.investors";
import { loader as platformsLoader } from "~/routes/_site.platforms";
import { loader as riskSummaryLoader } from "~/routes/_site.risk-summary.$slug";
import { loader as postLoader } from "~/routes/_site.newsroom_.$slug";
import { createPost } from "~/models/posts.server";
import * as riskWarningRoute from "~/routes/api.admin.risk-warnings.$class";
import * as warningsScreen from "~/routes/admin.risk-warnings";
import * as collectionItemRoute from "~/routes/api.admin.$collection.$id";
import * as publicCollectionRoute from "~/routes/api.$collection";
import { RISK_WARNING_MESSAGES } from "~/schemas/risk-warning";
import type { PageRiskWarning } from "~/utils/risk-warnings";
import { call, invoke, jsonOf, operatorCookie } from "../helpers/api-client";
import { withParams } from "../helpers/route-modules";
import { settle, testContext } from "../helpers/route-result";

/** Issue 37: risk classes on products, the prescribed warnings, which page lists which, the risk summaries. */

const publicWarnings = withParams(publicCollectionRoute, { collection: "risk-warnings" });
const adminProduct = withParams(collectionItemRoute, { collection: "products" });
const RMMI =
  "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you are unlikely to be protected if something goes wrong. Take 2 mins to learn more.";
const CRYPTO =
  "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you should not expect to be protected if something goes wrong. Take 2 mins to learn more.";

let admin = "";
let editor = "";
beforeAll(async () => {
  admin = await operatorCookie();
  editor = await operatorCookie("editor-risk@kestrelinsight.example", "editor");
});
afterAll(async () => {
  await updateRiskWarnings(defaultRiskWarnings, { userId: null, email: "seed@kestrelinsight.example" });
});

const request = (path: string) => ({ request: new Request(`http://localhost:3000${path}`), context: testContext, params: {} });

describe("risk classes and the prescribed warnings", () => {
  it("are seeded: the products named in the issue are high-risk, the warnings in the rules' words", async () => {
    const classes = Object.fromEntries((await listProducts()).map((p) => [p.name, p.riskClass]));
    expect(classes).toMatchObject({
      Trading: "mainstream",
      "P2P Exchange & Lending": "rmmi",
      "Fractional Real Estate Investing": "rmmi",
      "GBP Stable Currency": "cryptoasset",
      "AI Insurance Platform": "mainstream",
    });
    const response = await call(publicWarnings, "/api/risk-warnings");
    expect(response.headers.get("Cache-Control")).toMatch(/public/);
    expect(await jsonOf(response)).toMatchObject({ rmmi: RMMI, cryptoasset: CRYPTO });
  });

  it("PUT /api/admin/risk-warnings/{class} changes one class's text, admins only, and refuses a text without its link", async () => {
    const put = (riskClass: string, json: unknown, cookie = admin) =>
      call(riskWarningRoute, `/api/admin/risk-warnings/${riskClass}`, { method: "PUT", json, cookie, params: { class: riskClass } });
    expect((await put("rmmi", { text: RMMI }, editor)).status).toBe(403);
    expect((await put("mainstream", { text: RMMI })).status).toBe(404);
    const refused = await put("rmmi", { text: "Don't invest unless you're prepared to lose all the money you invest." });
    expect(refused.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(refused)).errors.text).toContain(RISK_WARNING_MESSAGES.link);
    const changed = `${RMMI.replace("Don't", "Do not")}`;
    const ok = await put("rmmi", { text: changed });
    expect(ok.status).toBe(200);
    expect(await jsonOf(await call(publicWarnings, "/api/risk-warnings"))).toMatchObject({ rmmi: changed, cryptoasset: CRYPTO });
    expect((await put("rmmi", { text: RMMI })).status).toBe(200);
  });

  it("a product's riskClass is in the API and refused when unknown", async () => {
    const product = (await listProducts()).find((p) => p.name === "AI Insurance Platform")!;
    const { id, name, description, url, badge, displayOrder } = product;
    const body = { name, description, url, badge, displayOrder };
    const bad = await call(adminProduct, `/api/admin/products/${id}`, { method: "PUT", json: { ...body, riskClass: "junk" }, cookie: admin, params: { id: String(id) } });
    expect(bad.status).toBe(400);
    const good = await call(adminProduct, `/api/admin/products/${id}`, { method: "PUT", json: { ...body, riskClass: "mainstream" }, cookie: admin, params: { id: String(id) } });
    expect(good.status).toBe(200);
    expect(await jsonOf(good)).toMatchObject({ riskClass: "mainstream", riskSummary: "" });
  });
});

describe("which warnings each page lists (pages × classes)", () => {
  const pagesTable: [path: string, load: () => Promise<unknown>, classes: string[]][] = [
    ["/", () => settle(() => homeLoader(request("/"))).then((r) => r.body), ["rmmi", "cryptoasset"]],
    ["/platforms", () => platformsLoader(), ["rmmi", "cryptoasset"]],
    ["/investors", () => investorsLoader(), []],
  ];
  it.each(pagesTable)("%s lists %j", async (_path, load, classes) => {
    const data = (await load()) as { riskWarnings?: PageRiskWarning[] };
    const warnings = data.riskWarnings ?? [];
    expect(warnings.map((w) => w.riskClass)).toEqual(classes);
    for (const warning of warnings) {
      const full = warning.riskClass === "rmmi" ? RMMI : CRYPTO;
      expect(`${warning.text} Take 2 mins to learn more.`).toBe(full);
      expect(warning.href).toMatch(/^\/risk-summary\/[a-z0-9-]+$/);
    }
  });

  it("on /platforms each high-risk product's card repeats its warning, and no mainstream one has one", async () => {
    const { groups } = await platformsLoader();
    const cards = Object.values(groups).flat();
    const byName = Object.fromEntries(cards.map((card) => [card.name, card.warning?.riskClass ?? null]));
    expect(byName).toMatchObject({
      Trading: null,
      "P2P Exchange & Lending": "rmmi",
      "Fractional Real Estate Investing": "rmmi",
      "GBP Stable Currency": "cryptoasset",
    });
    expect(cards.find((c) => c.name === "Fractional Real Estate Investing")?.warning?.href).toBe(
      "/risk-summary/fractional-real-estate-investing",
    );
  });
});

describe("the risk summary", () => {
  it("opens for a high-risk product, with its class's summary, and is a 404 for a mainstream one", async () => {
    const summary = await riskSummaryLoader({ ...request("/risk-summary/gbp-stable-currency"), params: { slug: "gbp-stable-currency" } });
    expect(summary.product.name).toBe("GBP Stable Currency");
    expect(JSON.stringify(summary.blocks)).toContain("You should not expect to be protected if something goes wrong.");
    const { status } = await invoke({ loader: riskSummaryLoader as never }, "/risk-summary/trading", { params: { slug: "trading" } });
    expect(status).toBe(404);
  });
});

describe("the risk warnings' screen (/admin/risk-warnings)", () => {
  it("is an admin's: an editor is refused; an admin's form post saves both texts, and a text without its link is refused under its field", async () => {
    expect((await invoke(warningsScreen, "/admin/risk-warnings", { cookie: editor })).status).toBe(403);
    const shown = await invoke(warningsScreen, "/admin/risk-warnings", { cookie: admin });
    expect(shown.status).toBe(200);
    const { warnings } = (shown.result as { data: { warnings: { rmmi: string; version: number } } }).data;
    expect(warnings.rmmi).toBe(RMMI);

    const reworded = RMMI.replace("Don't invest", "Do not invest");
    const saved = await invoke(warningsScreen, "/admin/risk-warnings", {
      method: "POST",
      cookie: admin,
      body: new URLSearchParams({ rmmi: reworded, cryptoasset: CRYPTO, version: String(warnings.version) }),
    });
    expect(saved.status).toBe(302);
    expect((await jsonOf<{ rmmi: string }>(await call(publicWarnings, "/api/risk-warnings"))).rmmi).toBe(reworded);

    const refused = await invoke(warningsScreen, "/admin/risk-warnings", {
      method: "POST",
      cookie: admin,
      body: new URLSearchParams({ rmmi: "Invest with care.", cryptoasset: CRYPTO }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.result)).toContain(RISK_WARNING_MESSAGES.link.replace(/"/g, '\\"'));
  });
});

describe("a news post that names a high-risk product", () => {
  it("carries that product's warning at the top; a post naming none carries none", async () => {
    const actor = { userId: null, email: "seed@kestrelinsight.example" };
    const made = await createPost(
      {
        title: "GBP Stable Currency: what it is and is not",
        slug: "gbp-stable-currency-explained",
        summary: "A plain account of the platform.",
        body: "It is a cryptoasset platform in development.",
        category: "news",
        status: "published",
        publishAt: null,
        coverImageId: null,
      },
      actor,
    );
    if (!made.ok) throw new Error("no post");
    const named = await settle(() =>
      postLoader({ ...request("/newsroom/gbp-stable-currency-explained"), params: { slug: "gbp-stable-currency-explained" } }),
    );
    const warnings = (named.body as { riskWarnings: PageRiskWarning[] }).riskWarnings;
    expect(warnings.map((w) => [w.riskClass, w.href])).toEqual([["cryptoasset", "/risk-summary/gbp-stable-currency"]]);

    const plain = await settle(() =>
      postLoader({ ...request("/newsroom/portfolio-manager-enters-beta"), params: { slug: "portfolio-manager-enters-beta" } }),
    );
    expect((plain.body as { riskWarnings: PageRiskWarning[] }).riskWarnings).toEqual([]);
  });
});
