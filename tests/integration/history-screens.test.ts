import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/models/actor";
import { readCompanySettings, updateCompanySettings } from "~/models/company-settings.server";
import { readHeroContent, updateHeroContent } from "~/models/hero.server";
import { currentLegalDocument, legalDocumentVersion, publishLegalVersion } from "~/models/legal-documents.server";
import { createMenuItem, deleteMenuItem, getMenuItem, updateMenuItem, type MenuItemRow } from "~/models/menu-items.server";
import { createPost, getPost, updatePost, type Post, type PostWrite } from "~/models/posts.server";
import { createProduct, deleteProduct, getProduct, updateProduct, type Product } from "~/models/products.server";
import { listRevisions } from "~/models/revisions.server";
import { deleteFromTrash } from "~/models/trash.server";
import { upsertUser } from "~/models/sessions.server";
import * as dashboard from "~/routes/admin._index";
import * as historyList from "~/routes/admin.$section_.($id).history";
import * as versionPage from "~/routes/admin.$section_.($id).history_.$version";
import * as restorePage from "~/routes/admin.$section_.($id).history_.$version_.restore";
import * as publicPost from "~/routes/api.posts.$slug";
import { readToast } from "~/server/forms/toast.server";
import type { RestoreProblem, VersionDifferenceView, VersionSummary } from "~/components/admin/history/history-views";
import { londonIsoDate } from "~/utils/london-time";
import { call, invoke, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";
import * as publicCollectionRoute from "~/routes/api.$collection";
import { withParams } from "../helpers/route-modules";

const publicCompany = withParams(publicCollectionRoute, { collection: "company-settings" });
const publicHero = withParams(publicCollectionRoute, { collection: "hero-content" });
const publicProducts = withParams(publicCollectionRoute, { collection: "products" });

let ada: string;
let bob: Actor;
beforeAll(async () => {
  ada = await operatorCookie("admin@kestrelinsight.example");
  const user = await upsertUser("bob@ops.kestrelinsight.example", "Bob");
  bob = { userId: user.id, email: user.email };
});

type Params = Record<string, string>;

const get = (route: RouteHandlers, path: string, params: Params, cookie = ada) => invoke(route, path, { cookie, params });
const post = (route: RouteHandlers, path: string, params: Params, fields: Record<string, string>, cookie = ada) =>
  invoke(route, path, { cookie, params, method: "POST", body: new URLSearchParams(fields) });

function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

function ok<T>(result: { ok: true; record: T } | { ok: false }): T {
  if (!result.ok) throw new Error(`write refused: ${JSON.stringify(result)}`);
  return result.record;
}

async function redirected(result: unknown) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(body(result))}`);
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))?.split(";")[0];
  const { toast } = await readToast(new Request(SITE, { headers: cookie ? { Cookie: cookie } : {} }));
  return { status: result.status, location: result.headers.get("Location"), toast };
}

async function publicJson<T>(route: RouteHandlers, path: string, params: Params = {}): Promise<T> {
  return (await (await call(route, path, { params })).json()) as T;
}

interface ListData {
  record: { label: string; currentVersion: number; editorUrl: string; historyUrl: string; crumbs: { label: string; path: string }[] };
  versions: VersionSummary[];
}
interface DiffData {
  record: ListData["record"];
  difference: VersionDifferenceView;
}
interface ConfirmData {
  record: ListData["record"];
  version: number;
  isCurrent: boolean;
}

/** The pages of one record's history: settings (/admin/hero/history) or a record (/admin/products/7/history). */
function historyOf(section: string, id?: number) {
  const base = id === undefined ? `/admin/${section}/history` : `/admin/${section}/${id}/history`;
  const params = (extra: Params = {}): Params => ({ section, ...(id === undefined ? {} : { id: String(id) }), ...extra });
  const routes = id === undefined ? [historyList, versionPage, restorePage] : [historyList, versionPage, restorePage];
  return {
    base,
    list: async () => {
      const answer = await get(routes[0]!, base, params());
      expect(answer.status).toBe(200);
      return body<ListData>(answer.result);
    },
    version: async (version: number) => {
      const answer = await get(routes[1]!, `${base}/${version}`, params({ version: String(version) }));
      expect(answer.status).toBe(200);
      return body<DiffData>(answer.result);
    },
    confirmation: async (version: number) => {
      const answer = await get(routes[2]!, `${base}/${version}/restore`, params({ version: String(version) }));
      expect(answer.status).toBe(200);
      return body<ConfirmData>(answer.result);
    },
    /** Posts the confirmation form as the page shows it (or with the version given). */
    restore: async (version: number, expectedVersion?: number) => {
      const expected = expectedVersion ?? (await historyOf(section, id).confirmation(version)).record.currentVersion;
      return post(routes[2]!, `${base}/${version}/restore`, params({ version: String(version) }), { expectedVersion: String(expected) });
    },
    routes,
    params,
  };
}

const productInput = (p: Product) => ({ name: p.name, description: p.description, url: p.url, badge: p.badge, displayOrder: p.displayOrder });
const postInput = (p: Post): PostWrite => ({
  title: p.title,
  slug: p.slug,
  summary: p.summary,
  body: p.body,
  category: p.category,
  status: p.status,
  publishAt: p.publishAt,
});
const menuInput = (m: MenuItemRow) => ({
  menuType: m.menuType,
  label: m.label,
  url: m.url,
  icon: m.icon,
  displayOrder: m.displayOrder,
  isActive: m.isActive,
  openInNewTab: m.openInNewTab,
  parentId: m.parentId === null ? null : String(m.parentId),
});
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

describe("signed out, the history screens do not exist", () => {
  const cases: [string, RouteHandlers, string, Params][] = [
    ["settings history", historyList, "/admin/hero/history", { section: "hero" }],
    ["settings version", versionPage, "/admin/hero/history/1", { section: "hero", version: "1" }],
    ["settings restore", restorePage, "/admin/hero/history/1/restore", { section: "hero", version: "1" }],
    ["record history", historyList, "/admin/products/1/history", { section: "products", id: "1" }],
    ["record version", versionPage, "/admin/products/1/history/1", { section: "products", id: "1", version: "1" }],
    ["record restore", restorePage, "/admin/products/1/history/1/restore", { section: "products", id: "1", version: "1" }],
  ];
  it.each(cases)("%s: 404 for the page and the form post", async (_name, route, path, params) => {
    expect((await get(route, path, params, "")).status).toBe(404);
    if (route.action) expect((await post(route, path, params, { expectedVersion: "1" }, "")).status).toBe(404);
  });
});

describe("addresses that name no history are 404", () => {
  it("an unknown section, a settings address with an id, a record address without one, an unknown or deleted record, a bad version", async () => {
    const product = ok(await createProduct({ name: "Short-lived", description: "Gone soon.", url: "/platforms", badge: null, displayOrder: 40 }, bob));
    ok(await deleteProduct(product.id, bob));
    const notFound: [RouteHandlers, string, Params][] = [
      [historyList, "/admin/bogus/history", { section: "bogus" }],
      [historyList, "/admin/products/history", { section: "products" }],
      [historyList, "/admin/hero/1/history", { section: "hero", id: "1" }],
      [historyList, "/admin/messages/1/history", { section: "messages", id: "1" }],
      [historyList, "/admin/products/abc/history", { section: "products", id: "abc" }],
      [historyList, "/admin/products/999999/history", { section: "products", id: "999999" }],
      [historyList, `/admin/products/${product.id}/history`, { section: "products", id: String(product.id) }],
      [historyList, "/admin/legal/imprint/history", { section: "legal", id: "imprint" }],
      [versionPage, "/admin/hero/history/999", { section: "hero", version: "999" }],
      [versionPage, "/admin/hero/history/0", { section: "hero", version: "0" }],
      [versionPage, "/admin/hero/history/one", { section: "hero", version: "one" }],
      [restorePage, "/admin/hero/history/999/restore", { section: "hero", version: "999" }],
      [versionPage, "/admin/products/1/history/999", { section: "products", id: "1", version: "999" }],
    ];
    for (const [route, path, params] of notFound) {
      expect({ path, status: (await get(route, path, params)).status }).toEqual({ path, status: 404 });
    }
    const restore = await post(restorePage, "/admin/hero/history/999/restore", { section: "hero", version: "999" }, { expectedVersion: "1" });
    expect(restore.status).toBe(404);
  });
});

describe("the hero's history", () => {
  const hero = historyOf("hero");

  it("lists the versions newest first, with who, when and the fields each changed", async () => {
    const original = await readHeroContent();
    ok(await updateHeroContent({ ...original, title: "A broken title" }, bob, original.version));
    const broken = await readHeroContent();
    ok(await updateHeroContent({ ...broken, subtitle: "A new subtitle", primaryCtaText: "Go" }, bob, broken.version));

    const { record, versions } = await hero.list();
    expect(record).toMatchObject({ label: "Hero Section", editorUrl: "/admin/hero", historyUrl: "/admin/hero/history", currentVersion: original.version + 2 });
    expect(record.crumbs.map((crumb) => crumb.label)).toEqual(["Hero Section", "History"]);
    expect(versions.map((entry) => entry.version)).toEqual([original.version + 2, original.version + 1, original.version]);
    expect(versions[0]).toMatchObject({ who: bob.email, changed: ["Subtitle", "Primary CTA Text"], current: true, url: `/admin/hero/history/${original.version + 2}` });
    expect(versions[1]).toMatchObject({ who: bob.email, changed: ["Title"], current: false });
    // The version the seed wrote, kept when the first change was made.
    expect(versions[2]).toMatchObject({ who: "Recorded when history began", changed: [], current: false });
    expect(versions[0]!.when).toMatch(/^\d{1,2} \w+ \d{4}, \d{2}:\d{2} (GMT|BST)$/);
  });

  it("shows a version against the one before it: changed fields first, old and new side by side", async () => {
    const { versions } = await hero.list();
    const titleChange = versions[1]!.version;
    const { difference, record } = await hero.version(titleChange);
    expect(record.crumbs.map((crumb) => crumb.label)).toEqual(["Hero Section", "History", `Version ${titleChange}`]);
    expect(difference).toMatchObject({ version: titleChange, previousVersion: titleChange - 1, who: bob.email, current: false });
    expect(difference.restoreUrl).toBe(`/admin/hero/history/${titleChange}/restore`);
    expect(difference.fields[0]).toMatchObject({ field: "title", label: "Title", changed: true, after: "A broken title", lines: null });
    expect(difference.fields[0]!.before).not.toBe("A broken title");
    expect(difference.fields.slice(1).every((field) => !field.changed)).toBe(true);
    expect(difference.fields.map((field) => field.field).sort()).toEqual(
      ["title", "subtitle", "primaryCtaText", "primaryCtaUrl", "secondaryCtaText", "secondaryCtaUrl"].sort(),
    );

    // The current version cannot be restored over itself; the first version kept has nothing before it.
    expect((await hero.version(versions[0]!.version)).difference.restoreUrl).toBeNull();
    const first = (await hero.version(versions[2]!.version)).difference;
    expect(first.previousVersion).toBeNull();
    expect(first.fields.every((field) => field.before === null && !field.changed)).toBe(true);
  });

  it("restores a version through the confirmation page: a new version, the public hero back, undoable", async () => {
    const { versions } = await hero.list();
    const seeded = versions.at(-1)!;
    const seededTitle = (await hero.version(seeded.version)).difference.fields.find((field) => field.field === "title")!.after;
    const confirmation = await hero.confirmation(seeded.version);
    expect(confirmation).toMatchObject({ version: seeded.version, isCurrent: false, record: { currentVersion: versions[0]!.version } });

    const answer = await hero.restore(seeded.version);
    expect(await redirected(answer.result)).toEqual({
      status: 302,
      location: "/admin/hero/history",
      toast: { title: "Success", description: `Version ${seeded.version} restored.` },
    });
    const restored = await readHeroContent();
    expect(restored).toMatchObject({ title: seededTitle, version: versions[0]!.version + 1 });
    expect((await publicJson<{ title: string }>(publicHero, "/api/hero-content")).title).toBe(seededTitle);

    const after = await hero.list();
    expect(after.versions[0]).toMatchObject({ version: restored.version, note: `Restored version ${seeded.version}`, current: true });
    expect(after.versions[0]!.changed).toEqual(expect.arrayContaining(["Title", "Subtitle", "Primary CTA Text"]));
  });

  it("refuses a restore made from a stale page: 409 with the reason and the version now, nothing written", async () => {
    const { versions } = await hero.list();
    const stalePage = await hero.confirmation(versions[1]!.version);
    const { version: nowVersion, ...now } = await readHeroContent();
    ok(await updateHeroContent({ ...now, title: "Changed meanwhile" }, bob, nowVersion));
    const before = await listRevisions("hero content", 1);

    const answer = await hero.restore(versions[1]!.version, stalePage.record.currentVersion);
    expect(answer.status).toBe(409);
    const problem = body<RestoreProblem>(answer.result);
    expect(problem).toMatchObject({ kind: "conflict", currentVersion: nowVersion + 1 });
    expect(problem.message).toMatch(new RegExp(`changed by ${bob.email.replace(/\./g, "\\.")}.*\\(title\\)`));
    expect(await listRevisions("hero content", 1)).toEqual(before);
    expect((await readHeroContent()).title).toBe("Changed meanwhile");

    // A mangled form is refused as such.
    const mangled = await post(restorePage, "/admin/hero/history/1/restore", { section: "hero", version: String(versions[1]!.version) }, { expectedVersion: "x" });
    expect(mangled.status).toBe(400);
    expect(body<RestoreProblem>(mangled.result).kind).toBe("form");
  });
});

describe("records' history", () => {
  it("a product: its list, its difference and a restore, with the public list showing the old name", async () => {
    const created = ok(await createProduct({ name: unique("Atlas"), description: "Maps.", url: "/platforms", badge: "beta", displayOrder: 30 }, bob));
    ok(await updateProduct(created.id, { ...productInput(created), name: "Atlas renamed", badge: null }, bob, 1));
    const history = historyOf("products", created.id);

    const { record, versions } = await history.list();
    expect(record).toMatchObject({ label: "Atlas renamed", editorUrl: `/admin/products/${created.id}/edit`, currentVersion: 2 });
    expect(record.crumbs).toEqual([
      { label: "Products", path: "/admin/products" },
      { label: "Atlas renamed", path: `/admin/products/${created.id}/edit` },
      { label: "History", path: `/admin/products/${created.id}/history` },
    ]);
    expect(versions.map((entry) => [entry.version, entry.changed])).toEqual([
      [2, ["Product Name", "Badge"]],
      [1, ["Product Name", "Description", "URL", "Badge", "Display Order", "Risk class", "Risk summary"]],
    ]);
    const { difference } = await history.version(2);
    expect(difference.fields.slice(0, 2)).toEqual([
      {
        field: "name",
        label: "Product Name",
        changed: true,
        before: created.name,
        after: "Atlas renamed",
        lines: null,
        // A hyphenated name is one word, so no word is kept: the two values are shown whole.
        words: null,
      },
      // A code reads as the editor names it ("beta" is "Beta (waitlist)"), shown whole.
      { field: "badge", label: "Badge", changed: true, before: "Beta (waitlist)", after: "(empty)", lines: null, words: null },
    ]);

    expect(await redirected((await history.restore(1)).result)).toMatchObject({
      location: `/admin/products/${created.id}/history`,
      toast: { description: "Version 1 restored." },
    });
    expect(await getProduct(created.id)).toMatchObject({ name: created.name, badge: "beta", version: 3 });
    const listed = await publicJson<{ id: number; name: string }[] | { products: { id: number; name: string }[] }>(publicProducts, "/api/products");
    const products = Array.isArray(listed) ? listed : listed.products;
    expect(products.find((product) => product.id === created.id)?.name).toBe(created.name);
  });

  it("a post: long text compared line by line, restored, and the public post shows the old body", async () => {
    const slug = unique("history-screens");
    const body1 = "## Heading\n\nFirst paragraph.\n\nSecond paragraph.";
    const created = ok(await createPost({ title: "History post", slug, summary: "S.", body: body1, category: "news", status: "published", publishAt: null }, bob));
    ok(await updatePost(created.id, { ...postInput(created), body: "## Heading\n\nFirst paragraph, reworded.\n\nSecond paragraph." }, bob, 1));
    const history = historyOf("news", created.id);

    const { difference } = await history.version(2);
    expect(difference.fields[0]).toMatchObject({ field: "body", label: "Body", changed: true });
    expect(difference.fields[0]!.lines).toEqual([
      { kind: "same", text: "## Heading" },
      { kind: "same", text: "" },
      {
        kind: "changed",
        segments: [
          { kind: "same", text: "First paragraph" },
          { kind: "added", text: ", reworded" },
          { kind: "same", text: "." },
        ],
      },
      { kind: "same", text: "" },
      { kind: "same", text: "Second paragraph." },
    ]);
    // Timestamps read as London time.
    const visibleFrom = difference.fields.find((field) => field.field === "publishedAt")!;
    expect(visibleFrom.after).toMatch(/^\d{1,2} \w+ \d{4}, \d{2}:\d{2} (GMT|BST)$/);

    expect((await redirected((await history.restore(1)).result)).toast).toMatchObject({ description: "Version 1 restored." });
    expect((await getPost(created.id))!.body).toBe(body1);
    expect((await publicJson<{ body?: string; bodyMarkdown?: string }>(publicPost, `/api/posts/${slug}`, { slug })).body).toBe(body1);
  });

  it("a post whose old slug another post has taken since: 400 with the reason, nothing written", async () => {
    const first = unique("slug-first");
    const created = ok(await createPost({ title: "Moving post", slug: first, summary: "S.", body: "B.", category: "news", status: "draft", publishAt: null }, bob));
    ok(await updatePost(created.id, { ...postInput(created), slug: unique("slug-second") }, bob, 1));
    ok(await createPost({ title: "Squatter", slug: first, summary: "S.", body: "B.", category: "news", status: "draft", publishAt: null }, bob));
    const before = await listRevisions("post", created.id);

    const answer = await historyOf("news", created.id).restore(1);
    expect(answer.status).toBe(400);
    const problem = body<RestoreProblem>(answer.result);
    expect(problem.kind).toBe("invalid");
    expect(problem.message).toMatch(/^This version can't be restored: .+/);
    expect(await listRevisions("post", created.id)).toEqual(before);
  });

  it("a menu item whose parent has been deleted since: 400 with the reason", async () => {
    const parent = ok(await createMenuItem({ menuType: "header", label: unique("Parent"), url: "/about", icon: null, displayOrder: 50, isActive: true, openInNewTab: false, parentId: null }, bob));
    const child = ok(
      await createMenuItem({ menuType: "header", label: "Child", url: "/about", icon: null, displayOrder: 51, isActive: true, openInNewTab: false, parentId: String(parent.id) }, bob),
    );
    ok(await updateMenuItem(child.id, { ...menuInput(child), parentId: null }, bob, 1));
    ok(await deleteMenuItem(parent.id, bob));

    const answer = await historyOf("menus", child.id).restore(1);
    expect(answer.status).toBe(400);
    expect(body<RestoreProblem>(answer.result).message).toBe("This version can't be restored: Parent ID must name an existing Header menu item");
    expect(await getMenuItem(child.id)).toMatchObject({ parentId: null, version: 2 });
  });

  it("company settings: restored through the action, and the public settings show it", async () => {
    const original = await readCompanySettings();
    ok(await updateCompanySettings({ ...original, companyName: "Kestrel Broken Ltd" }, bob, original.version));
    const history = historyOf("company");
    const { record, versions } = await history.list();
    expect(record).toMatchObject({ label: "Company settings", editorUrl: "/admin/seo?tab=company", historyUrl: "/admin/company/history" });
    expect(versions[0]).toMatchObject({ changed: ["Company Name"], current: true });

    expect((await redirected((await history.restore(original.version)).result)).location).toBe("/admin/company/history");
    expect((await publicJson<{ companyName: string }>(publicCompany, "/api/company-settings")).companyName).toBe(original.companyName);
  });
});

describe("a legal document's history", () => {
  it("lists its published versions, and restoring one publishes its text again", async () => {
    const before = (await currentLegalDocument("terms"))!;
    const oldBody = (await legalDocumentVersion("terms", before.version))!.body;
    const today = londonIsoDate(new Date());
    expect(await publishLegalVersion("terms", { body: "## New terms\n\nShorter.", effectiveDate: today, changeSummary: "Shorter terms." }, bob)).not.toBeNull();
    const answer = await get(historyList, "/admin/legal/terms/history", { section: "legal", id: "terms" });
    const { record, versions } = body<ListData>(answer.result);
    expect(record).toMatchObject({ label: before.title, editorUrl: "/admin/legal/terms", historyUrl: "/admin/legal/terms/history" });
    expect(record.crumbs[0]).toEqual({ label: "Legal", path: "/admin/legal" });
    expect(versions.map((entry) => entry.version)).toEqual([before.version + 1, before.version]);

    const restored = await post(
      restorePage,
      `/admin/legal/terms/history/${before.version}/restore`,
      { section: "legal", id: "terms", version: String(before.version) },
      { expectedVersion: String(before.version + 1) },
    );
    expect((await redirected(restored.result)).location).toBe("/admin/legal/terms/history");
    const latest = (await legalDocumentVersion("terms", before.version + 2))!;
    expect(latest.body).toBe(oldBody);
  });
});

describe("the dashboard's recent activity", () => {
  it("links each change to its record's history while the record exists, and to the trash while it waits there", async () => {
    const kept = ok(await createProduct({ name: unique("Kept"), description: "Stays.", url: "/platforms", badge: null, displayOrder: 60 }, bob));
    const gone = ok(await createProduct({ name: unique("Gone"), description: "Goes.", url: "/platforms", badge: null, displayOrder: 61 }, bob));
    ok(await deleteProduct(gone.id, bob));
    const answer = await get(dashboard, "/admin", {});
    const { activity } = body<{ activity: { what: string; historyUrl: string | null }[] }>(answer.result);
    const about = (name: string) => activity.filter((entry) => entry.what.includes(name));
    expect(about(kept.name).map((entry) => entry.historyUrl)).toEqual([`/admin/products/${kept.id}/history`]);
    expect(about(gone.name).map((entry) => entry.historyUrl)).toEqual(["/admin/trash", "/admin/trash"]);
    expect(await deleteFromTrash("products", gone.id, bob)).toBe(true);
    const after = body<{ activity: { what: string; historyUrl: string | null }[] }>((await get(dashboard, "/admin", {})).result);
    expect(after.activity.filter((entry) => entry.what.includes(gone.name) && entry.historyUrl !== null)).toEqual([]);
  });
});
