import { beforeAll, describe, expect, it } from "vitest";
import { admitOperator } from "~/models/operators.server";
import { ADMIN_SCREENS } from "~/utils/admin-screens";
import { updateHeroContent, getHeroContent } from "~/models/hero.server";
import { createMenuItem, nextMenuItemOrder } from "~/models/menu-items.server";
import { createProduct, nextProductOrder } from "~/models/products.server";
import { upsertUser } from "~/models/sessions.server";
import { deleteStatistic, listStatistics } from "~/models/statistics.server";
import { loader as notFoundLoader } from "~/routes/$";
import { loader as homeLoader } from "~/routes/_site._index";
import { loader as platformsLoader } from "~/routes/_site.platforms";
import { loader as searchLoader } from "~/routes/_site.search";
import { loader as layoutLoader } from "~/routes/_site";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { loader as whitepaperLoader } from "~/routes/whitepaper.download";
import type { SiteLayout } from "~/utils/site-layout";
import type { SiteSeo } from "~/utils/seo";
import { startSession } from "~/server/auth/session.server";
import { CookieJar } from "../helpers/cookie-jar";
import { settle, testContext } from "../helpers/route-result";

const ORIGIN = "http://localhost:3000";
const operator = { userId: null, email: "admin@kestrelinsight.example" };

function get(path: string, cookie?: string): { request: Request; context: typeof testContext; params: Record<string, string> } {
  return {
    request: new Request(`${ORIGIN}${path}`, cookie ? { headers: { Cookie: cookie } } : undefined),
    context: testContext,
    params: {},
  };
}

type LayoutBody = { layout: SiteLayout; site: SiteSeo; signedIn: boolean };
type PublicHome = {
  view: "public";
  hero: { title: string };
  statistics: { value: string; label: string }[];
  products: { id: number; name: string; badge: string | null }[];
};

let signedInCookie = "";

beforeAll(async () => {
  const user = await upsertUser("admin@kestrelinsight.example", "Grace");
  await admitOperator("admin@kestrelinsight.example", "Grace", true);
  const jar = new CookieJar();
  jar.store(new Headers({ "Set-Cookie": await startSession(user.id) }));
  signedInCookie = jar.header(ORIGIN);
});

describe("the public layout's loader", () => {
  it("serves the seeded header and footer menus, company name, copyright and site SEO values", async () => {
    const { status, headers, body } = await settle(() => layoutLoader(get("/about")));
    const { layout, site, signedIn } = body as LayoutBody;
    expect(status).toBe(200);
    // A visitor's page says it is public: the page cache keeps only renders that do.
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    expect(headers.get("CDN-Cache-Control")).toBe("max-age=60, stale-while-revalidate=300");
    expect(signedIn).toBe(false);
    expect(layout.companyName).toBe("Kestrel Insight Ltd");
    expect(layout.headerMenu.map((item) => item.label)).toEqual(["About", "Platforms", "Research", "Investors", "Newsroom", "Careers"]);
    expect(layout.footerMenu.map((item) => item.url)).toEqual(["/privacy", "/terms", "/cookies"]);
    expect(layout.copyright).toBe(`© ${new Date().getFullYear()} Kestrel Insight Ltd. All rights reserved.`);
    expect(layout.social.label).toBe("LinkedIn");
    expect(site.origin).toBe(ORIGIN);
  });

  it("shows a header menu item added in the database on the next request, in display order, and hides inactive ones", async () => {
    const created = await createMenuItem(
      { menuType: "header", label: "Status page", url: "https://status.kestrelinsight.example", icon: null, displayOrder: await nextMenuItemOrder(), isActive: true, openInNewTab: true, parentId: null },
      operator,
    );
    expect(created.ok).toBe(true);
    await createMenuItem(
      { menuType: "header", label: "Hidden draft", url: "/draft", icon: null, displayOrder: 0, isActive: false, openInNewTab: false, parentId: null },
      operator,
    );
    const { layout } = (await settle(() => layoutLoader(get("/")))).body as LayoutBody;
    expect(layout.headerMenu.at(-1)).toMatchObject({ label: "Status page", url: "https://status.kestrelinsight.example", openInNewTab: true });
    expect(layout.headerMenu.map((item) => item.label)).not.toContain("Hidden draft");
  });

  it("marks a signed-in operator's pages private, no-store", async () => {
    const { headers, body } = await settle(() => layoutLoader(get("/about", signedInCookie)));
    expect((body as LayoutBody).signedIn).toBe(true);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("the home page's loader", () => {
  it("shows a product added in the database on the next request, with its badge", async () => {
    const created = await createProduct(
      { name: "Robo Pensions", description: "Workplace pensions, explained.", url: "https://pensions.kestrelinsight.example", badge: "beta", displayOrder: await nextProductOrder() },
      operator,
    );
    expect(created.ok).toBe(true);
    const home = (await settle(() => homeLoader(get("/")))).body as PublicHome;
    expect(home.view).toBe("public");
    expect(home.products).toHaveLength(9);
    expect(home.products.at(-1)).toMatchObject({ name: "Robo Pensions", badge: "beta" });

    const { groups } = (await settle(() => platformsLoader())).body as { groups: Record<string, { name: string }[]> };
    expect(groups.live!.map((p) => p.name)).toEqual(["Trading"]);
    expect(groups.beta!.map((p) => p.name)).toEqual(["Portfolio Manager", "Robo Pensions"]);
    expect(groups.comingSoon).toHaveLength(6);
  });

  it("shows the operator's hero on the next request", async () => {
    const hero = await getHeroContent();
    await updateHeroContent({ ...hero, title: "Evidence first", secondaryCtaText: hero.secondaryCtaText, secondaryCtaUrl: hero.secondaryCtaUrl }, operator, hero.version);
    const home = (await settle(() => homeLoader(get("/")))).body as PublicHome;
    expect(home.hero.title).toBe("Evidence first");
  });

  it("has no statistics to show once they are all deleted", async () => {
    const before = (await settle(() => homeLoader(get("/")))).body as PublicHome;
    expect(before.statistics.length).toBeGreaterThan(0);
    for (const statistic of await listStatistics()) await deleteStatistic(statistic.id, operator);
    const after = (await settle(() => homeLoader(get("/")))).body as PublicHome;
    expect(after.statistics).toEqual([]);
  });

  it("gives a signed-in operator the operator home, and the public home on ?view=public, never cached", async () => {
    const operatorHome = await settle(() => homeLoader(get("/", signedInCookie)));
    expect(operatorHome.body).toEqual({ view: "operator", operator: { firstName: "Grace", email: "admin@kestrelinsight.example", screens: ADMIN_SCREENS } });
    expect(operatorHome.headers.get("Cache-Control")).toBe("private, no-store");
    const publicView = await settle(() => homeLoader(get("/?view=public", signedInCookie)));
    expect((publicView.body as PublicHome).view).toBe("public");
    expect(publicView.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("other public routes", () => {
  it("answers an unknown path with 404 and the layout's data", async () => {
    const { status, body } = await settle(() => notFoundLoader(get("/no-such-page")));
    expect(status).toBe(404);
    expect((body as LayoutBody).layout.companyName).toBe("Kestrel Insight Ltd");
  });

  it("searches the pages' copy and the current products", async () => {
    const { body } = await settle(() => searchLoader(get("/search?q=robo%20pensions")));
    const { query, results } = body as { query: string; results: { url: string; title: string }[] };
    expect(query).toBe("robo pensions");
    expect(results[0]).toMatchObject({ title: "Robo Pensions" });
    expect(results[0]!.url).toMatch(/^\/platforms#product-\d+$/);
    const copy = (await settle(() => searchLoader(get("/search?q=capital+gains")))).body as { results: { url: string }[] };
    expect(copy.results.length).toBeGreaterThan(3);
  });

  it("lists every public page in the sitemap, and robots.txt names it", async () => {
    const sitemap = await settle(() => sitemapLoader());
    expect(sitemap.headers.get("Content-Type")).toContain("application/xml");
    const locations = [...String(sitemap.body).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // The pages, then the live posts and roles (tests/integration/newsroom.test.ts).
    expect(locations.slice(0, 10)).toEqual(
      ["/", "/about", "/platforms", "/research", "/investors", "/newsroom", "/careers", "/privacy", "/terms", "/cookies"].map((p) =>
        p === "/" ? `${ORIGIN}/` : `${ORIGIN}${p}`,
      ),
    );
    const robots = String((await settle(() => robotsLoader())).body);
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /api");
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("sends the whitepaper as an attachment", async () => {
    const response = (await whitepaperLoader(get("/whitepaper/download"))) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="kestrel-insight-whitepaper.pdf"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBe(Number(response.headers.get("Content-Length")));
  });
});
