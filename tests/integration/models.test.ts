import { describe, expect, it } from "vitest";
import { listRecentActivity } from "~/models/audit.server";
import { getHeroContent, updateHeroContent } from "~/models/hero.server";
import { createMenuItem, listActiveMenu, listMenuItems, updateMenuItem } from "~/models/menu-items.server";
import { createProduct, deleteProduct, listProducts, nextProductOrder, updateProduct } from "~/models/products.server";
import { getSeoSettings, updateSeoSettings } from "~/models/seo-settings.server";

const alice = { userId: null, email: "alice@kestrelinsight.example" };
const bob = { userId: null, email: "bob@kestrelinsight.example" };

describe("content models", () => {
  it("create, update and delete a product, each with an audit row, and the list reflects each at once", async () => {
    expect(await nextProductOrder()).toBe(9);
    const created = await createProduct(
      { name: "Robo Pensions", description: "Pensions, explained.", url: "/platforms", badge: null, displayOrder: 9 },
      alice,
    );
    if (!created.ok) throw new Error("create failed");
    expect((await listProducts()).at(-1)?.name).toBe("Robo Pensions");

    const updated = await updateProduct(created.record.id, { ...created.record, name: "Pensions" }, alice, created.record.version);
    expect(updated.ok && updated.record.version).toBe(2);
    expect((await listProducts()).at(-1)?.name).toBe("Pensions");

    expect((await deleteProduct(created.record.id, alice)).ok).toBe(true);
    expect((await listProducts()).map((p) => p.name)).not.toContain("Pensions");
    const activity = await listRecentActivity(3);
    expect(activity.map((a) => a.summary)).toEqual([
      'Deleted product "Pensions"',
      'Updated product "Pensions"',
      'Created product "Robo Pensions"',
    ]);
  });

  it("refuses a save made from a stale copy, naming who changed what", async () => {
    const [first] = await listProducts();
    const staleVersion = first!.version;
    const input = { name: first!.name, description: first!.description, url: first!.url, badge: first!.badge, displayOrder: first!.displayOrder };
    expect((await updateProduct(first!.id, { ...input, description: "Bob's words" }, bob, staleVersion)).ok).toBe(true);
    const stale = await updateProduct(first!.id, { ...input, name: "Alice's name" }, alice, staleVersion);
    expect(stale.ok).toBe(false);
    if (stale.ok || stale.reason !== "conflict") throw new Error("expected a conflict");
    expect(stale.message).toContain("bob@kestrelinsight.example");
    expect(stale.message).toContain("description");
    expect((await listProducts())[0]!.description).toBe("Bob's words");
  });

  it("updates settings in part and refuses a stale settings save", async () => {
    const hero = await getHeroContent();
    const saved = await updateHeroContent(
      { ...hero, title: "New title", secondaryCtaText: null, secondaryCtaUrl: null },
      alice,
      hero.version,
    );
    expect(saved.ok).toBe(true);
    expect((await getHeroContent()).title).toBe("New title");
    expect((await updateHeroContent({ ...hero, title: "Old copy", secondaryCtaText: null, secondaryCtaUrl: null }, bob, hero.version)).ok).toBe(false);

    const seo = await getSeoSettings();
    await updateSeoSettings({ gaTrackingId: "G-ABC1234" }, alice, seo.version);
    const after = await getSeoSettings();
    expect(after.gaTrackingId).toBe("G-ABC1234");
    expect(after.pageTitle).toBe(seo.pageTitle);
  });

  it("requires a menu item's parent to be an existing item of the same menu", async () => {
    const header = await listActiveMenu("header");
    const footer = await listActiveMenu("footer");
    const base = { menuType: "header" as const, label: "Team", url: "/about#team", icon: null, displayOrder: 1, isActive: true, openInNewTab: false };
    const wrongMenu = await createMenuItem({ ...base, parentId: String(footer[0]!.id) }, alice);
    expect(wrongMenu).toMatchObject({ ok: false, reason: "invalid", field: "parentId", message: "Parent ID must name an existing Header menu item" });
    const missing = await createMenuItem({ ...base, parentId: "99999" }, alice);
    expect(missing.ok).toBe(false);
    const child = await createMenuItem({ ...base, parentId: String(header[0]!.id) }, alice);
    expect(child.ok).toBe(true);
    if (!child.ok) return;
    expect(child.record.parentId).toBe(header[0]!.id);
    const self = await updateMenuItem(child.record.id, { ...base, parentId: String(child.record.id) }, alice);
    expect(self).toMatchObject({ ok: false, message: "A menu item cannot be its own parent" });
    const hidden = await updateMenuItem(child.record.id, { ...base, isActive: false, parentId: null }, alice);
    expect(hidden.ok).toBe(true);
    expect((await listActiveMenu("header")).map((m) => m.label)).not.toContain("Team");
    expect((await listMenuItems()).map((m) => m.label)).toContain("Team");
  });
});
