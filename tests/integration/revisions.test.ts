import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, rows } from "~db/client.server";
import { redirects } from "~db/schema";
import { listRecentActivity } from "~/models/audit.server";
import { setClock } from "~/models/clock.server";
import { readCompanySettings, restoreCompanySettingsVersion, updateCompanySettings } from "~/models/company-settings.server";
import { readHeroContent, restoreHeroVersion, updateHeroContent } from "~/models/hero.server";
import { currentLegalDocument, publishLegalVersion } from "~/models/legal-documents.server";
import {
  countMenuDescendants,
  createMenuItem,
  deleteMenuItem,
  getMenuItem,
  restoreMenuItemFromTrash,
  restoreMenuItemVersion,
  updateMenuItem,
  type MenuItemRow,
} from "~/models/menu-items.server";
import {
  createPost,
  deletePost,
  getPost,
  restorePostFromTrash,
  restorePostVersion,
  updatePost,
  type Post,
  type PostWrite,
} from "~/models/posts.server";
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  restoreProductFromTrash,
  restoreProductVersion,
  updateProduct,
  type Product,
} from "~/models/products.server";
import {
  createRedirect,
  deleteRedirect,
  getRedirect,
  importRedirects,
  restoreRedirectFromTrash,
  restoreRedirectVersion,
  updateRedirect,
  type Redirect,
} from "~/models/redirects.server";
import { listRevisions, type Revision } from "~/models/revisions.server";
import { createRole, deleteRole, getRole, restoreRoleFromTrash, restoreRoleVersion, updateRole, type RoleWrite } from "~/models/roles.server";
import { readSeoSettings, restoreSeoSettingsVersion, updateSeoSettings } from "~/models/seo-settings.server";
import {
  createStatistic,
  deleteStatistic,
  getStatistic,
  listStatistics,
  restoreStatisticFromTrash,
  restoreStatisticVersion,
  updateStatistic,
} from "~/models/statistics.server";
import { deleteFromTrash, getTrashEntry, listTrash, purgeTrash, TRASH_DAYS } from "~/models/trash.server";
import type { WriteResult } from "~/models/actor";
import type { RedirectStatusCode } from "~/schemas/redirect";
import { subjectBySection } from "~/server/history/history-subjects.server";
import { runMaintenance } from "~/server/http/maintenance.server";

/**
 * History at the model level: every kind of write keeps a revision in its own transaction, restoring a
 * version writes it as a new one (refused when stale or no longer valid), deletes go to the trash and come
 * back with their ids, and the trash empties itself after TRASH_DAYS.
 */

const alice = { userId: null, email: "alice@kestrelinsight.example" };
const bob = { userId: null, email: "bob@kestrelinsight.example" };
/** Every audit row Mallory's writes make is refused by the database (see `refuseMallorysAudit`). */
const mallory = { userId: null, email: "mallory@kestrelinsight.example" };

afterEach(() => setClock(null));

function ok<T>(result: WriteResult<T>): T {
  if (!result.ok) throw new Error(`write refused: ${JSON.stringify(result)}`);
  return result.record;
}

async function revisionCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(getDb(), sql`select count(*)::int as n from revisions`);
  return row!.n;
}

async function trashCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(getDb(), sql`select count(*)::int as n from trash`);
  return row!.n;
}

/** Version, actor, changed fields (sorted) and note of each kept version, newest first. */
async function historyOf(entity: string, id: string | number) {
  return (await listRevisions(entity, id)).map((revision) => ({
    version: revision.version,
    actorEmail: revision.actorEmail,
    changedFields: [...revision.changedFields].sort(),
    note: revision.note,
  }));
}

const newest = async (entity: string, id: string | number): Promise<Revision> => (await listRevisions(entity, id))[0]!;

/**
 * A write that fails after its revision row went in: the database refuses Mallory's audit row, the last
 * statement of every write, so whatever the write did before it (the record, its revision, the trash) must
 * roll back with it.
 */
async function refuseMallorysAudit<T>(run: () => Promise<T>): Promise<void> {
  await getDb().execute(sql.raw(`alter table audit_log add constraint test_refuse_mallory check (actor_email <> '${mallory.email}') not valid`));
  try {
    await expect(run()).rejects.toThrow();
  } finally {
    await getDb().execute(sql.raw(`alter table audit_log drop constraint test_refuse_mallory`));
  }
}

const productInput = (p: Product) => ({ name: p.name, description: p.description, url: p.url, badge: p.badge, displayOrder: p.displayOrder });
const statisticInput = (s: { label: string; value: string; displayOrder: number }) => ({ label: s.label, value: s.value, displayOrder: s.displayOrder });
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
const postInput = (p: Post): PostWrite => ({
  title: p.title,
  slug: p.slug,
  summary: p.summary,
  body: p.body,
  category: p.category,
  status: p.status,
  publishAt: p.publishAt,
});
const redirectRule = (from: string, to: string, statusCode: RedirectStatusCode = 301, note = "") => ({ from, to, statusCode, note, confirmShadow: false });
const redirectInput = (r: Redirect) => ({ from: r.from, to: r.to, statusCode: r.statusCode as RedirectStatusCode, note: r.note, confirmShadow: true });

const draftPost = (slug: string): PostWrite => ({
  title: `Post ${slug}`,
  slug,
  summary: "A summary.",
  body: "## Heading\n\nA body.",
  category: "news",
  status: "draft",
  publishAt: null,
});

const role = (slug: string): RoleWrite => ({
  title: `Role ${slug}`,
  slug,
  team: "Engineering",
  location: "London",
  employmentType: "full_time",
  summary: "A role.",
  body: "## About\n\nThe role.",
  status: "draft",
  publishAt: null,
  closesAt: null,
  displayOrder: 9,
});

const menuBase = { menuType: "header" as const, url: "/about", icon: null, displayOrder: 5, isActive: true, openInNewTab: false, parentId: null };

describe("a revision for every kind of write", () => {
  it("products: a create keeps version 1; the first change to a seeded product also keeps the seeded version", async () => {
    const created = ok(await createProduct({ name: "Ledger", description: "Books.", url: "/platforms", badge: "beta", displayOrder: 9 }, alice));
    expect(await historyOf("product", created.id)).toEqual([
      { version: 1, actorEmail: alice.email, changedFields: ["badge", "description", "displayOrder", "name", "riskClass", "riskSummary", "url"], note: "" },
    ]);
    expect((await newest("product", created.id)).values).toEqual({ name: "Ledger", description: "Books.", url: "/platforms", badge: "beta", displayOrder: 9, riskClass: "mainstream", riskSummary: "" });

    const updated = ok(await updateProduct(created.id, { ...productInput(created), name: "Ledger Pro" }, bob, 1));
    expect(updated.version).toBe(2);
    expect(await historyOf("product", created.id)).toEqual([
      { version: 2, actorEmail: bob.email, changedFields: ["name"], note: "" },
      { version: 1, actorEmail: alice.email, changedFields: ["badge", "description", "displayOrder", "name", "riskClass", "riskSummary", "url"], note: "" },
    ]);

    const [seeded] = await listProducts();
    expect(await listRevisions("product", seeded!.id)).toEqual([]);
    ok(await updateProduct(seeded!.id, { ...productInput(seeded!), description: "Reworded." }, alice, seeded!.version));
    const [latest, baseline] = await listRevisions("product", seeded!.id);
    expect(latest).toMatchObject({ version: 2, actorEmail: alice.email, changedFields: ["description"], values: { ...productInput(seeded!), description: "Reworded." } });
    expect(baseline).toMatchObject({ version: 1, actorEmail: "", changedFields: [], note: "", values: productInput(seeded!) });
    expect(baseline!.createdAt.toISOString()).toBe(seeded!.updatedAt.toISOString());
  });

  it("statistics", async () => {
    const [seeded] = await listStatistics();
    ok(await updateStatistic(seeded!.id, { ...statisticInput(seeded!), value: "99%" }, alice, seeded!.version));
    expect(await historyOf("statistic", seeded!.id)).toEqual([
      { version: 2, actorEmail: alice.email, changedFields: ["value"], note: "" },
      { version: 1, actorEmail: "", changedFields: [], note: "" },
    ]);
    expect((await newest("statistic", seeded!.id)).values).toEqual({ ...statisticInput(seeded!), value: "99%" });

    const created = ok(await createStatistic({ label: "Models tracked", value: "42", displayOrder: 7 }, bob));
    expect(await historyOf("statistic", created.id)).toEqual([
      { version: 1, actorEmail: bob.email, changedFields: ["displayOrder", "label", "value"], note: "" },
    ]);
  });

  it("menu items, with the parent id kept as a number", async () => {
    const parent = ok(await createMenuItem({ ...menuBase, label: "Company" }, alice));
    const child = ok(await createMenuItem({ ...menuBase, label: "Team", parentId: String(parent.id) }, alice));
    expect((await newest("menu item", child.id)).values).toMatchObject({ label: "Team", parentId: parent.id, menuType: "header" });
    ok(await updateMenuItem(child.id, { ...menuInput(child), isActive: false, label: "People" }, bob, 1));
    expect(await historyOf("menu item", child.id)).toEqual([
      { version: 2, actorEmail: bob.email, changedFields: ["isActive", "label"], note: "" },
      {
        version: 1,
        actorEmail: alice.email,
        changedFields: ["displayOrder", "icon", "isActive", "label", "menuType", "openInNewTab", "parentId", "url"],
        note: "",
      },
    ]);
  });

  it("posts and roles, with their publication times as ISO strings", async () => {
    const post = ok(await createPost(draftPost("history-post"), alice));
    const published = ok(await updatePost(post.id, { ...postInput(post), status: "published" }, bob, 1));
    const [latest] = await listRevisions("post", post.id);
    expect(latest).toMatchObject({ version: 2, actorEmail: bob.email });
    expect([...latest!.changedFields].sort()).toEqual(["publishedAt", "status"]);
    expect(latest!.values).toMatchObject({ slug: "history-post", status: "published", publishedAt: published.publishedAt!.toISOString(), authorName: post.authorName });
    expect(latest!.values).not.toHaveProperty("id");
    expect(latest!.values).not.toHaveProperty("updatedAt");

    const created = ok(await createRole(role("history-role"), alice));
    ok(await updateRole(created.id, { ...role("history-role"), team: "Research" }, alice, 1));
    expect(await historyOf("role", created.id)).toEqual([
      { version: 2, actorEmail: alice.email, changedFields: ["team"], note: "" },
      expect.objectContaining({ version: 1, actorEmail: alice.email }),
    ]);
  });

  it("redirects: the dialog's writes and a CSV import keep revisions, hits are not part of them", async () => {
    const rule = ok(await createRedirect(redirectRule("/history/a", "/about"), alice));
    await getDb().update(redirects).set({ hits: 12 }).where(eq(redirects.id, rule.id));
    ok(await updateRedirect(rule.id, { ...redirectInput(rule), to: "/research" }, bob, 1));
    expect(await historyOf("redirect", rule.id)).toEqual([
      { version: 2, actorEmail: bob.email, changedFields: ["to"], note: "" },
      { version: 1, actorEmail: alice.email, changedFields: ["from", "note", "statusCode", "to"], note: "" },
    ]);
    expect((await newest("redirect", rule.id)).values).toEqual({ from: "/history/a", to: "/research", statusCode: 301, note: "" });

    // A rule from before history began: the import's update keeps its version 1 as a baseline.
    const [old] = await getDb().insert(redirects).values({ from: "/history/old", to: "/about", statusCode: 302 }).returning();
    const result = await importRedirects(
      [
        { line: 2, rule: redirectRule("/history/old", "/platforms", 301, "imported") },
        { line: 3, rule: redirectRule("/history/new", "/about", 308) },
      ],
      alice,
    );
    expect(result).toEqual({ ok: true, created: 1, updated: 1 });
    expect(await historyOf("redirect", old!.id)).toEqual([
      { version: 2, actorEmail: alice.email, changedFields: ["note", "statusCode", "to"], note: "" },
      { version: 1, actorEmail: "", changedFields: [], note: "" },
    ]);
    const added = (await getDb().select().from(redirects).where(eq(redirects.from, "/history/new")))[0]!;
    expect(await historyOf("redirect", added.id)).toEqual([
      { version: 1, actorEmail: alice.email, changedFields: ["from", "note", "statusCode", "to"], note: "" },
    ]);
  });

  it("a published post's new slug: the 301 it makes, the rules it repoints and the rule it replaces all keep history", async () => {
    const post = ok(await createPost({ ...draftPost("moving-post"), status: "published" }, alice));
    const pointing = ok(await createRedirect(redirectRule("/history/to-post", "/newsroom/moving-post", 302), alice));
    const shadowing = ok(await createRedirect({ from: "/newsroom/moved-post", to: "/about", statusCode: 301, note: "", confirmShadow: true }, alice));

    ok(await updatePost(post.id, { ...postInput(post), slug: "moved-post" }, bob, 1));
    expect(await historyOf("post", post.id)).toEqual([
      { version: 2, actorEmail: bob.email, changedFields: ["slug"], note: "" },
      expect.objectContaining({ version: 1 }),
    ]);
    expect(await historyOf("redirect", pointing.id)).toEqual([
      { version: 2, actorEmail: bob.email, changedFields: ["to"], note: "" },
      expect.objectContaining({ version: 1 }),
    ]);
    expect((await newest("redirect", pointing.id)).values).toMatchObject({ to: "/newsroom/moved-post" });
    const [moved] = await getDb().select().from(redirects).where(eq(redirects.from, "/newsroom/moving-post"));
    expect(await historyOf("redirect", moved!.id)).toEqual([
      { version: 1, actorEmail: bob.email, changedFields: ["from", "note", "statusCode", "to"], note: "" },
    ]);
    // The rule from the post's new address went to the trash, with its history, and can come back.
    expect(await getRedirect(shadowing.id)).toBeNull();
    expect(await getTrashEntry("redirects", shadowing.id)).toMatchObject({ deletedBy: bob.email, label: "/newsroom/moved-post → /about" });
    expect(await listRevisions("redirect", shadowing.id)).toHaveLength(1);
  });

  it("hero, SEO (the analytics tab's measurement ID) and company settings keep the seeded version as a baseline", async () => {
    const hero = await readHeroContent();
    ok(await updateHeroContent({ ...hero, title: "Broken hero", secondaryCtaText: hero.secondaryCtaText, secondaryCtaUrl: hero.secondaryCtaUrl }, alice, hero.version));
    expect(await historyOf("hero content", 1)).toEqual([
      { version: hero.version + 1, actorEmail: alice.email, changedFields: ["title"], note: "" },
      { version: hero.version, actorEmail: "", changedFields: [], note: "" },
    ]);
    const { version: _heroVersion, ...heroValues } = hero;
    expect((await listRevisions("hero content", 1))[1]!.values).toEqual(heroValues);
    expect((await newest("hero content", 1)).values).toEqual({ ...heroValues, title: "Broken hero" });

    const seo = await readSeoSettings();
    ok(await updateSeoSettings({ gaTrackingId: "G-HISTORY1" }, bob, seo.version));
    expect(await historyOf("SEO settings", 1)).toEqual([
      { version: seo.version + 1, actorEmail: bob.email, changedFields: ["gaTrackingId"], note: "" },
      { version: seo.version, actorEmail: "", changedFields: [], note: "" },
    ]);
    const { version: _seoVersion, ...seoValues } = seo;
    expect((await newest("SEO settings", 1)).values).toEqual({ ...seoValues, gaTrackingId: "G-HISTORY1" });

    const company = await readCompanySettings();
    ok(await updateCompanySettings({ companyName: "Kestrel Renamed", contactEmail: company.contactEmail, footerCopyright: company.footerCopyright }, alice, company.version));
    expect(await historyOf("company settings", 1)).toEqual([
      { version: company.version + 1, actorEmail: alice.email, changedFields: ["companyName"], note: "" },
      { version: company.version, actorEmail: "", changedFields: [], note: "" },
    ]);
  });

  it("a legal document's new version, with the seeded version as its baseline", async () => {
    const seeded = await currentLegalDocument("cookies");
    const created = await publishLegalVersion("cookies", { body: "## Cookies\n\nFewer of them.", effectiveDate: "2030-01-01", changeSummary: "Fewer cookies." }, alice);
    expect(created?.version).toBe(2);
    expect(await historyOf("legal document", "cookies")).toEqual([
      { version: 2, actorEmail: alice.email, changedFields: ["body", "changeSummary", "effectiveDate"], note: "" },
      { version: 1, actorEmail: "", changedFields: [], note: "" },
    ]);
    expect((await newest("legal document", "cookies")).values).toEqual({
      title: seeded!.title,
      body: "## Cookies\n\nFewer of them.",
      effectiveDate: "2030-01-01",
      changeSummary: "Fewer cookies.",
    });
  });
});

describe("a write that fails leaves no revision", () => {
  it("a create or an update the database refuses (a CHECK constraint)", async () => {
    const before = await revisionCount();
    await expect(createProduct({ name: "Bad", description: "x", url: "/", badge: null, displayOrder: -1 }, alice)).rejects.toThrow();
    const product = ok(await createProduct({ name: "Checked", description: "x", url: "/", badge: null, displayOrder: 3 }, alice));
    await expect(updateProduct(product.id, { ...productInput(product), name: "Changed", displayOrder: -5 }, alice, 1)).rejects.toThrow();
    expect(await revisionCount()).toBe(before + 1);
    expect(await getProduct(product.id)).toMatchObject({ name: "Checked", version: 1 });
  });

  it("a write a model's check refuses, and a stale save", async () => {
    const post = ok(await createPost(draftPost("taken-slug"), alice));
    const other = ok(await createPost(draftPost("other-slug"), alice));
    ok(await updatePost(post.id, { ...postInput(post), title: "Bob's title" }, bob, 1));
    const hero = await readHeroContent();
    ok(await updateHeroContent({ ...hero, subtitle: "Bob's subtitle" }, bob, hero.version));
    const before = await revisionCount();

    expect(await createPost(draftPost("taken-slug"), alice)).toMatchObject({ ok: false, reason: "invalid", field: "slug" });
    expect(await updatePost(other.id, draftPost("taken-slug"), alice, 1)).toMatchObject({ ok: false, reason: "invalid", field: "slug" });
    expect(await updatePost(post.id, { ...postInput(post), title: "Alice's title" }, alice, 1)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await updateHeroContent({ ...hero, subtitle: "Alice's subtitle" }, alice, hero.version)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await revisionCount()).toBe(before);
    expect(await getPost(post.id)).toMatchObject({ title: "Bob's title", version: 2 });
    expect(await getPost(other.id)).toMatchObject({ slug: "other-slug", version: 1 });
    expect((await readHeroContent()).subtitle).toBe("Bob's subtitle");
  });

  it("a redirect import refused for a loop between its rows writes nothing", async () => {
    const before = await revisionCount();
    const result = await importRedirects(
      [
        { line: 2, rule: redirectRule("/history/loop-a", "/history/loop-b") },
        { line: 3, rule: redirectRule("/history/loop-b", "/history/loop-a") },
      ],
      alice,
    );
    expect(result).toMatchObject({ ok: false, line: 3, field: "to" });
    expect(await revisionCount()).toBe(before);
  });

  it("a write that throws after its revision was written takes the revision with it", async () => {
    const product = ok(await createProduct({ name: "Steady", description: "x", url: "/", badge: null, displayOrder: 4 }, alice));
    const rule = ok(await createRedirect(redirectRule("/history/steady", "/about"), alice));
    const post = ok(await createPost({ ...draftPost("steady-post"), status: "published" }, alice));
    const hero = await readHeroContent();
    const revisionsBefore = await revisionCount();
    const trashBefore = await trashCount();
    const redirectsBefore = (await getDb().select().from(redirects)).length;

    await refuseMallorysAudit(() => updateProduct(product.id, { ...productInput(product), name: "Mallory's" }, mallory, 1));
    await refuseMallorysAudit(() => createProduct({ name: "Mallory's", description: "x", url: "/", badge: null, displayOrder: 4 }, mallory));
    await refuseMallorysAudit(() => updateHeroContent({ ...hero, title: "Mallory's hero" }, mallory, hero.version));
    await refuseMallorysAudit(() => updateSeoSettings({ gaTrackingId: "G-MALLORY" }, mallory));
    await refuseMallorysAudit(() => publishLegalVersion("terms", { body: "Mallory's terms", effectiveDate: "2030-01-01", changeSummary: "x" }, mallory));
    await refuseMallorysAudit(() => importRedirects([{ line: 2, rule: redirectRule("/history/mallory", "/about") }], mallory));
    // A renamed live post: the post's revision and the 301's are written before the audit fails.
    await refuseMallorysAudit(() => updatePost(post.id, { ...postInput(post), slug: "mallorys-post" }, mallory, 1));
    await refuseMallorysAudit(() => deleteRedirect(rule.id, mallory));
    await refuseMallorysAudit(() => restoreProductVersion(product.id, 1, mallory, 1));

    expect(await revisionCount()).toBe(revisionsBefore);
    expect(await trashCount()).toBe(trashBefore);
    expect((await getDb().select().from(redirects)).length).toBe(redirectsBefore);
    expect(await getProduct(product.id)).toMatchObject({ name: "Steady", version: 1 });
    expect(await getPost(post.id)).toMatchObject({ slug: "steady-post", version: 1 });
    expect(await getRedirect(rule.id)).toMatchObject({ version: 1 });
    expect((await readHeroContent()).version).toBe(hero.version);
    expect((await readSeoSettings()).gaTrackingId).not.toBe("G-MALLORY");
    expect((await currentLegalDocument("terms"))?.body).not.toBe("Mallory's terms");
  });
});

describe("restoring a version", () => {
  /** A record changed once, restored to version 1: its values are back, as version 3, noted. */
  async function roundTrip<T extends { version: number }>(options: {
    entity: string;
    id: number;
    restore: (id: number, version: number, actor: typeof alice, expectedVersion?: number) => Promise<WriteResult<T>>;
    original: Record<string, unknown>;
  }): Promise<T> {
    const record = ok(await options.restore(options.id, 1, bob, 2));
    expect(record.version).toBe(3);
    expect(record).toMatchObject(options.original);
    const [latest] = await listRevisions(options.entity, options.id);
    expect(latest).toMatchObject({ version: 3, actorEmail: bob.email, note: "Restored version 1" });
    expect(latest!.changedFields.length).toBeGreaterThan(0);
    expect((await listRecentActivity(1))[0]?.summary).toMatch(/^Restored version 1 of /);
    return record;
  }

  it("a product, a statistic and a menu item", async () => {
    const product = ok(await createProduct({ name: "Restorable", description: "First words.", url: "/platforms", badge: "live", displayOrder: 6 }, alice));
    ok(await updateProduct(product.id, { ...productInput(product), description: "Broken.", badge: null }, alice, 1));
    await roundTrip({ entity: "product", id: product.id, restore: restoreProductVersion, original: productInput(product) });
    expect(await getProduct(product.id)).toMatchObject({ ...productInput(product), version: 3 });

    const statistic = ok(await createStatistic({ label: "Signals", value: "12", displayOrder: 8 }, alice));
    ok(await updateStatistic(statistic.id, { label: "Signals", value: "0", displayOrder: 8 }, alice, 1));
    await roundTrip({ entity: "statistic", id: statistic.id, restore: restoreStatisticVersion, original: { label: "Signals", value: "12" } });

    const item = ok(await createMenuItem({ ...menuBase, label: "Research" }, alice));
    ok(await updateMenuItem(item.id, { ...menuInput(item), label: "Oops", isActive: false }, alice, 1));
    await roundTrip({ entity: "menu item", id: item.id, restore: restoreMenuItemVersion, original: { label: "Research", isActive: true } });
  });

  it("a post, a role and a redirect", async () => {
    const post = ok(await createPost(draftPost("restore-post"), alice));
    ok(await updatePost(post.id, { ...postInput(post), body: "Vandalised." }, alice, 1));
    await roundTrip({ entity: "post", id: post.id, restore: restorePostVersion, original: { body: post.body, slug: "restore-post", status: "draft" } });

    const created = ok(await createRole(role("restore-role"), alice));
    ok(await updateRole(created.id, { ...role("restore-role"), location: "Nowhere" }, alice, 1));
    await roundTrip({ entity: "role", id: created.id, restore: restoreRoleVersion, original: { location: "London" } });

    const rule = ok(await createRedirect(redirectRule("/history/restore", "/about", 301, "kept"), alice));
    await getDb().update(redirects).set({ hits: 5 }).where(eq(redirects.id, rule.id));
    ok(await updateRedirect(rule.id, { ...redirectInput(rule), to: "/platforms", statusCode: 302 }, alice, 1));
    const restored = await roundTrip({ entity: "redirect", id: rule.id, restore: restoreRedirectVersion, original: { to: "/about", statusCode: 301, note: "kept" } });
    // Traffic is not content: restoring a version leaves the hit count alone.
    expect((restored as Redirect).hits).toBe(5);
  });

  it("a live post renamed and restored: its old address is its page again and the new one sends visitors back", async () => {
    const post = ok(await createPost({ ...draftPost("first-address"), status: "published" }, alice));
    ok(await updatePost(post.id, { ...postInput(post), slug: "second-address" }, alice, 1));
    const [forward] = await getDb().select().from(redirects).where(eq(redirects.from, "/newsroom/first-address"));
    expect(forward).toMatchObject({ to: "/newsroom/second-address", statusCode: 301 });

    expect(ok(await restorePostVersion(post.id, 1, bob, 2))).toMatchObject({ slug: "first-address", version: 3, publishedAt: post.publishedAt });
    expect(await getRedirect(forward!.id)).toBeNull();
    expect(await getTrashEntry("redirects", forward!.id)).toMatchObject({ deletedBy: bob.email });
    const [back] = await getDb().select().from(redirects).where(eq(redirects.from, "/newsroom/second-address"));
    expect(back).toMatchObject({ to: "/newsroom/first-address", statusCode: 301 });
  });

  it("hero, SEO and company settings back to their seeded version", async () => {
    const hero = await readHeroContent();
    const heroHistory = await listRevisions("hero content", 1);
    const seededHero = heroHistory.at(-1)!;
    ok(await updateHeroContent({ ...hero, title: "Broken again", primaryCtaUrl: "/nowhere" }, alice, hero.version));
    const restored = ok(await restoreHeroVersion(seededHero.version, bob, hero.version + 1));
    expect(restored).toEqual({ ...seededHero.values, version: hero.version + 2 });
    expect(await readHeroContent()).toEqual({ ...seededHero.values, version: hero.version + 2 });
    expect(await newest("hero content", 1)).toMatchObject({ version: hero.version + 2, note: `Restored version ${seededHero.version}`, actorEmail: bob.email });
    expect((await listRecentActivity(1))[0]?.summary).toBe(`Restored version ${seededHero.version} of hero content`);

    const seo = await readSeoSettings();
    ok(await updateSeoSettings({ gaTrackingId: "G-RESTORE1", socialUrls: ["https://example.com/a", "https://example.com/b"] }, alice, seo.version));
    ok(await restoreSeoSettingsVersion(seo.version, bob, seo.version + 1));
    expect(await readSeoSettings()).toEqual({ ...seo, version: seo.version + 2 });

    const company = await readCompanySettings();
    ok(await updateCompanySettings({ ...company, footerCopyright: "© nobody" }, alice, company.version));
    ok(await restoreCompanySettingsVersion(company.version, bob, company.version + 1));
    expect(await readCompanySettings()).toEqual({ ...company, version: company.version + 2 });
  });

  it("a legal document: the old text published again as a new version", async () => {
    const legal = subjectBySection("legal")!;
    const seeded = await currentLegalDocument("privacy");
    await publishLegalVersion("privacy", { body: "Bad privacy text.", effectiveDate: "2020-01-01", changeSummary: "Mistake." }, alice);
    const [latest] = await listRevisions("legal document", "privacy");
    const restored = ok(await legal.restore!("privacy", 1, bob, latest!.version));
    expect(restored).toMatchObject({ version: latest!.version + 1, body: seeded!.body });
    expect(await newest("legal document", "privacy")).toMatchObject({ version: latest!.version + 1, actorEmail: bob.email, values: { body: seeded!.body } });
    expect(await legal.restore!("privacy", 1, bob, latest!.version)).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("a stale restore is refused and writes nothing", async () => {
    const product = ok(await createProduct({ name: "Contested", description: "x", url: "/", badge: null, displayOrder: 2 }, alice));
    ok(await updateProduct(product.id, { ...productInput(product), name: "Contested 2" }, alice, 1));
    ok(await updateProduct(product.id, { ...productInput(product), name: "Contested 3" }, bob, 2));
    const hero = await readHeroContent();
    ok(await updateHeroContent({ ...hero, title: "Latest hero" }, bob, hero.version));
    const before = await revisionCount();

    const stale = await restoreProductVersion(product.id, 1, alice, 2);
    expect(stale).toMatchObject({ ok: false, reason: "conflict" });
    if (!stale.ok && stale.reason === "conflict") expect(stale.message).toContain(bob.email);
    expect(await restoreHeroVersion(hero.version, alice, hero.version)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await revisionCount()).toBe(before);
    expect(await getProduct(product.id)).toMatchObject({ name: "Contested 3", version: 3 });
    expect((await readHeroContent()).title).toBe("Latest hero");

    expect(await restoreProductVersion(product.id, 99, alice, 3)).toEqual({ ok: false, reason: "not_found" });
    expect(await restoreProductVersion(999_999, 1, alice, 1)).toEqual({ ok: false, reason: "not_found" });
  });

  it("a restore whose old values are no longer valid is refused with a message", async () => {
    // A menu item whose old parent has gone.
    const parent = ok(await createMenuItem({ ...menuBase, label: "Old parent" }, alice));
    const child = ok(await createMenuItem({ ...menuBase, label: "Orphan", parentId: String(parent.id) }, alice));
    ok(await updateMenuItem(child.id, { ...menuInput(child), parentId: null }, alice, 1));
    ok(await deleteMenuItem(parent.id, alice));
    expect(await restoreMenuItemVersion(child.id, 1, alice, 2)).toEqual({
      ok: false,
      reason: "invalid",
      field: "parentId",
      message: "Parent ID must name an existing Header menu item",
    });

    // A post whose old slug another post has taken since.
    const post = ok(await createPost(draftPost("wanted-slug"), alice));
    ok(await updatePost(post.id, { ...postInput(post), slug: "second-choice" }, alice, 1));
    ok(await createPost(draftPost("wanted-slug"), bob));
    expect(await restorePostVersion(post.id, 1, alice, 2)).toMatchObject({ ok: false, reason: "invalid", field: "slug", message: 'A post with the slug "wanted-slug" already exists: choose another' });

    // A redirect whose old destination now leads back to it.
    const rule = ok(await createRedirect(redirectRule("/history/x", "/history/y"), alice));
    ok(await updateRedirect(rule.id, { ...redirectInput(rule), to: "/about" }, alice, 1));
    ok(await createRedirect(redirectRule("/history/y", "/history/x"), alice));
    const loop = await restoreRedirectVersion(rule.id, 1, alice, 2);
    expect(loop).toMatchObject({ ok: false, reason: "invalid", field: "to" });
    if (!loop.ok && loop.reason === "invalid") expect(loop.message).toContain("loop");

    expect(await getMenuItem(child.id)).toMatchObject({ parentId: null, version: 2 });
    expect(await getPost(post.id)).toMatchObject({ slug: "second-choice", version: 2 });
    expect(await getRedirect(rule.id)).toMatchObject({ to: "/about", version: 2 });
  });
});

describe("the trash", () => {
  it("a deleted record waits in the trash and comes back with its id, its values and a higher version", async () => {
    const product = ok(await createProduct({ name: "Binned", description: "Deleted by mistake.", url: "/platforms", badge: "beta", displayOrder: 7 }, alice));
    ok(await updateProduct(product.id, { ...productInput(product), name: "Binned product" }, alice, 1));
    const deleted = ok(await deleteProduct(product.id, bob));
    expect(await getProduct(product.id)).toBeNull();
    const entry = (await listTrash())[0];
    expect(entry).toMatchObject({ collection: "products", recordId: product.id, label: "Binned product", deletedBy: bob.email, childCount: 0 });
    expect(entry!.purgeAt.getTime() - entry!.deletedAt.getTime()).toBe(TRASH_DAYS * 86_400_000);
    expect((await listRecentActivity(1))[0]?.summary).toBe('Deleted product "Binned product"');

    const restored = ok(await restoreProductFromTrash(product.id, alice));
    expect(restored).toMatchObject({ ...productInput(deleted), id: product.id, version: 3 });
    expect(restored.createdAt.toISOString()).toBe(product.createdAt.toISOString());
    expect(await getProduct(product.id)).toMatchObject({ name: "Binned product", version: 3 });
    expect(await getTrashEntry("products", product.id)).toBeNull();
    expect(await historyOf("product", product.id)).toEqual([
      { version: 3, actorEmail: alice.email, changedFields: [], note: "Restored from the trash" },
      { version: 2, actorEmail: alice.email, changedFields: ["name"], note: "" },
      expect.objectContaining({ version: 1 }),
    ]);
    expect((await listRecentActivity(1))[0]?.summary).toBe('Restored product "Binned product" from the trash');
    expect(await restoreProductFromTrash(product.id, alice)).toEqual({ ok: false, reason: "not_found" });
  });

  it("statistics, roles, posts and redirects come back the same way", async () => {
    const statistic = ok(await createStatistic({ label: "Deleted", value: "1", displayOrder: 3 }, alice));
    const created = ok(await createRole(role("binned-role"), alice));
    const post = ok(await createPost(draftPost("binned-post"), alice));
    const rule = ok(await createRedirect(redirectRule("/history/binned", "/about", 308, "n"), alice));
    ok(await deleteStatistic(statistic.id, alice));
    ok(await deleteRole(created.id, alice));
    ok(await deletePost(post.id, alice));
    ok(await deleteRedirect(rule.id, alice));
    expect((await listTrash()).slice(0, 4).map((e) => [e.collection, e.recordId])).toEqual([
      ["redirects", rule.id],
      ["posts", post.id],
      ["roles", created.id],
      ["statistics", statistic.id],
    ]);
    expect(ok(await restoreStatisticFromTrash(statistic.id, bob))).toMatchObject({ id: statistic.id, label: "Deleted", version: 2 });
    expect(ok(await restoreRoleFromTrash(created.id, bob))).toMatchObject({ id: created.id, slug: "binned-role", team: "Engineering", version: 2 });
    expect(ok(await restorePostFromTrash(post.id, bob))).toMatchObject({ id: post.id, slug: "binned-post", body: post.body, version: 2 });
    expect(ok(await restoreRedirectFromTrash(rule.id, bob))).toMatchObject({ id: rule.id, from: "/history/binned", statusCode: 308, note: "n", version: 2 });
    expect(await getRole(created.id)).not.toBeNull();
    expect(await getStatistic(statistic.id)).not.toBeNull();
  });

  it("a post whose slug is taken, or a redirect whose from is, stays in the trash", async () => {
    const post = ok(await createPost(draftPost("reused-slug"), alice));
    ok(await deletePost(post.id, alice));
    const other = ok(await createPost(draftPost("reused-slug"), bob));
    expect(await restorePostFromTrash(post.id, alice)).toEqual({
      ok: false,
      reason: "invalid",
      field: "slug",
      message: 'A post with the slug "reused-slug" already exists: choose another',
    });
    expect(await getTrashEntry("posts", post.id)).not.toBeNull();
    expect(await getPost(post.id)).toBeNull();

    // Once the slug is free again, it comes back.
    ok(await updatePost(other.id, { ...postInput(other), slug: "another-slug" }, bob, 1));
    expect(ok(await restorePostFromTrash(post.id, alice))).toMatchObject({ id: post.id, slug: "reused-slug" });

    const rule = ok(await createRedirect(redirectRule("/history/reused", "/about"), alice));
    ok(await deleteRedirect(rule.id, alice));
    ok(await createRedirect(redirectRule("/history/reused", "/research"), bob));
    expect(await restoreRedirectFromTrash(rule.id, alice)).toMatchObject({ ok: false, reason: "invalid", field: "from" });
    expect(await getTrashEntry("redirects", rule.id)).not.toBeNull();
  });

  it("a menu item goes with everything under it, and comes back with it", async () => {
    const top = ok(await createMenuItem({ ...menuBase, label: "Top" }, alice));
    const middle = ok(await createMenuItem({ ...menuBase, label: "Middle", parentId: String(top.id) }, alice));
    const bottom = ok(await createMenuItem({ ...menuBase, label: "Bottom", parentId: String(middle.id) }, alice));
    expect(await countMenuDescendants(top.id)).toBe(2);

    ok(await deleteMenuItem(top.id, bob));
    expect(await getMenuItem(middle.id)).toBeNull();
    expect(await getMenuItem(bottom.id)).toBeNull();
    expect(await getTrashEntry("menu-items", top.id)).toMatchObject({ label: "Top", childCount: 2, deletedBy: bob.email });
    expect(await getTrashEntry("menu-items", middle.id)).toBeNull();
    expect((await listRecentActivity(1))[0]?.summary).toBe('Deleted menu item "Top" and 2 items under it');

    ok(await restoreMenuItemFromTrash(top.id, alice));
    expect(await getMenuItem(top.id)).toMatchObject({ label: "Top", parentId: null, version: 2 });
    expect(await getMenuItem(middle.id)).toMatchObject({ label: "Middle", parentId: top.id, version: 2 });
    expect(await getMenuItem(bottom.id)).toMatchObject({ label: "Bottom", parentId: middle.id, version: 2 });
    expect(await newest("menu item", bottom.id)).toMatchObject({ version: 2, note: "Restored from the trash", actorEmail: alice.email });
  });

  it("a menu item whose parent is gone stays in the trash until the parent is back", async () => {
    const parent = ok(await createMenuItem({ ...menuBase, label: "Parent" }, alice));
    const child = ok(await createMenuItem({ ...menuBase, label: "Child", parentId: String(parent.id) }, alice));
    ok(await deleteMenuItem(child.id, alice));
    ok(await deleteMenuItem(parent.id, alice));
    expect(await restoreMenuItemFromTrash(child.id, alice)).toMatchObject({ ok: false, reason: "invalid", field: "parentId" });
    expect(await getTrashEntry("menu-items", child.id)).not.toBeNull();
    ok(await restoreMenuItemFromTrash(parent.id, alice));
    expect(ok(await restoreMenuItemFromTrash(child.id, alice))).toMatchObject({ id: child.id, parentId: parent.id });
  });

  it("delete permanently: the record and its history are gone, audited", async () => {
    const product = ok(await createProduct({ name: "Gone for good", description: "x", url: "/", badge: null, displayOrder: 1 }, alice));
    ok(await deleteProduct(product.id, alice));
    expect(await deleteFromTrash("products", product.id, bob)).toBe(true);
    expect(await getTrashEntry("products", product.id)).toBeNull();
    expect(await listRevisions("product", product.id)).toEqual([]);
    expect((await listRecentActivity(1))[0]).toMatchObject({ summary: 'Deleted product "Gone for good" permanently', actorEmail: bob.email });
    expect(await deleteFromTrash("products", product.id, bob)).toBe(false);
    expect(await restoreProductFromTrash(product.id, bob)).toEqual({ ok: false, reason: "not_found" });
  });

  it("empties itself of what has been there for 30 days: 29 days stays, 31 days goes with its history", async () => {
    const product = ok(await createProduct({ name: "Old news", description: "x", url: "/", badge: null, displayOrder: 1 }, alice));
    const top = ok(await createMenuItem({ ...menuBase, label: "Old menu" }, alice));
    const under = ok(await createMenuItem({ ...menuBase, label: "Old sub-item", parentId: String(top.id) }, alice));
    ok(await deleteProduct(product.id, alice));
    ok(await deleteMenuItem(top.id, alice));
    const inTrash = await trashCount();

    const start = Date.now();
    setClock(() => new Date(start + 29 * 86_400_000));
    expect(await purgeTrash()).toBe(0);
    expect((await runMaintenance()).trash).toBe(0);
    expect(await getTrashEntry("products", product.id)).not.toBeNull();
    expect(await listRevisions("product", product.id)).toHaveLength(1);

    setClock(() => new Date(start + 31 * 86_400_000));
    expect((await runMaintenance()).trash).toBe(inTrash);
    expect(await listTrash()).toEqual([]);
    expect(await listRevisions("product", product.id)).toEqual([]);
    expect(await listRevisions("menu item", top.id)).toEqual([]);
    expect(await listRevisions("menu item", under.id)).toEqual([]);
    expect(await restoreProductFromTrash(product.id, alice)).toEqual({ ok: false, reason: "not_found" });
  });
});
