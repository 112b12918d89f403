import { and, eq, sql } from "drizzle-orm";
import {
  defaultCompanySettings,
  defaultHero,
  defaultMenuItems,
  defaultProducts,
  defaultSeoSettings,
  defaultStatistics,
} from "../app/content/defaults";
import type { Db } from "./client.server";
import { appMeta, companySettings, heroContent, menuItems, products, seoSettings, statistics } from "./schema";

/**
 * Seeded copy that was later reworded: a row still exactly as first seeded (version 1, the old words) gets
 * the new words; a row an operator has touched is left alone.
 */
const REVISED_STATISTICS = [
  { was: { value: "2", label: "Phase UK regulatory plan" }, now: { value: "2", label: "Phases on our path to direct FCA authorisation" } },
];

async function reviseUntouchedCopy(tx: Parameters<Parameters<Db["transaction"]>[0]>[0]): Promise<void> {
  for (const { was, now } of REVISED_STATISTICS) {
    await tx
      .update(statistics)
      .set(now)
      .where(and(eq(statistics.value, was.value), eq(statistics.label, was.label), eq(statistics.version, 1)));
  }
}

const SEEDED_KEY = "seeded";

/**
 * Fills an empty database with the site's default content. Idempotent, and it never overwrites an
 * operator's work: the settings rows are inserted only when missing, and the lists only on the very first
 * run (an operator who deletes every statistic does not get them back at the next restart).
 */
export async function seedDatabase(db: Db, siteUrl: string): Promise<{ seededLists: boolean }> {
  return db.transaction(async (tx) => {
    // Serialise concurrent starts against one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(727272)`);

    await tx.insert(companySettings).values(defaultCompanySettings).onConflictDoNothing();
    await tx.insert(seoSettings).values(defaultSeoSettings(siteUrl)).onConflictDoNothing();
    await tx.insert(heroContent).values(defaultHero).onConflictDoNothing();

    const [seeded] = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
    if (seeded) {
      await reviseUntouchedCopy(tx);
      return { seededLists: false };
    }

    await tx.insert(statistics).values(defaultStatistics.map((s, i) => ({ ...s, displayOrder: i + 1 })));
    await tx.insert(products).values(defaultProducts.map((p, i) => ({ ...p, displayOrder: i + 1 })));
    const orderByMenu = new Map<string, number>();
    await tx.insert(menuItems).values(
      defaultMenuItems.map((item) => {
        const order = (orderByMenu.get(item.menuType) ?? 0) + 1;
        orderByMenu.set(item.menuType, order);
        return { ...item, displayOrder: order };
      }),
    );
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return { seededLists: true };
  });
}
