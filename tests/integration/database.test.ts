import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rows as rawRows } from "~db/client.server";
import { heroContent, menuItems, products, statistics } from "~db/schema";
import { seedDatabase } from "~db/seed";
import { defaultProducts } from "~/content/defaults";

const driver = process.env.DATABASE_URL ? "postgres" : "pglite";

describe(`the database (${driver})`, () => {
  it("is migrated and seeded with the site's default content", async () => {
    const db = getDb();
    // On PostgreSQL each test file has a throwaway database of its own; PGlite has the one database.
    const [{ name }] = (await rawRows<{ name: string }>(db, sql`select current_database() as name`)) as [{ name: string }];
    expect(name.startsWith("kestrel_test_")).toBe(driver === "postgres");
    const rows = await db.select().from(products).orderBy(products.displayOrder);
    expect(rows.map((p) => p.name)).toEqual(defaultProducts.map((p) => p.name));
    expect(rows.map((p) => p.badge)).toEqual(["live", "beta", ...Array(6).fill("coming_soon")]);
    const [hero] = await db.select().from(heroContent);
    expect(hero?.title).toBeTruthy();
    expect((await db.select().from(statistics)).length).toBeGreaterThanOrEqual(3);
    expect((await db.select().from(menuItems).where(eq(menuItems.menuType, "header"))).length).toBeGreaterThan(0);
  });

  it("keeps an operator's edits and deletions when the seed runs again at the next start", async () => {
    const db = getDb();
    await db.update(heroContent).set({ title: "Edited by an operator" }).where(eq(heroContent.id, 1));
    await db.delete(statistics);
    const result = await seedDatabase(db, "http://localhost:3000");
    expect(result.seededLists).toBe(false);
    const [hero] = await db.select().from(heroContent);
    expect(hero?.title).toBe("Edited by an operator");
    expect(await db.select().from(statistics)).toEqual([]);
    expect((await db.select().from(products)).length).toBe(8);
  });

  it("rewords seeded copy an operator never touched, and leaves touched rows alone", async () => {
    const db = getDb();
    await db.delete(statistics);
    await db.insert(statistics).values([
      { value: "2", label: "Phase UK regulatory plan", displayOrder: 1 },
      { value: "2", label: "Phase UK regulatory plan", displayOrder: 2, version: 2 },
    ]);
    await seedDatabase(db, "http://localhost:3000");
    const rows = await db.select().from(statistics).orderBy(statistics.displayOrder);
    expect(rows.map((r) => [r.value, r.label])).toEqual([
      ["2", "Phases on our path to direct FCA authorisation"],
      ["2", "Phase UK regulatory plan"],
    ]);
  });

  it("refuses what SPEC forbids: unknown menu types and badges, negative order, a second settings row", async () => {
    const db = getDb();
    const attempts = [
      db.execute(sql`insert into menu_items (menu_type, label, url) values ('topbar', 'X', '/x')`),
      db.execute(sql`insert into products (name, description, url, badge) values ('X', 'Y', '/z', 'new')`),
      db.execute(sql`insert into statistics (label, value, display_order) values ('X', '1', -1)`),
      db.execute(sql`insert into hero_content (id, title, subtitle, primary_cta_text, primary_cta_url) values (2, 'a', 'b', 'c', 'd')`),
      db.execute(sql`insert into products (name, description, url) values (null, 'Y', '/z')`),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow();
  });
});
