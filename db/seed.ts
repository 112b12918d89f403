import { and, eq, sql } from "drizzle-orm";
import {
  defaultCompanySettings,
  defaultHero,
  defaultMenuItems,
  defaultMessageSettings,
  defaultProducts,
  defaultRegulatoryStatus,
  defaultSeoSettings,
  defaultStatistics,
} from "~/content/defaults";
import {
  DEFAULT_POST_AUTHOR,
  defaultLegalDocuments,
  defaultPosts,
  defaultRoles,
} from "~/content/publishing-defaults";
import { defaultRiskWarnings } from "~/content/risk";
import { renderPost, renderRole } from "~/models/rendered-bodies.server";
import type { Db } from "./client.server";
import { cookieRegister } from "./schema";
import { defaultCookieRegisterItems } from "~/utils/cookie-register";
import {
  appMeta,
  companySettings,
  heroContent,
  legalDocumentVersions,
  menuItems,
  messageSettings,
  posts,
  products,
  regulatoryStatus,
  riskWarnings,
  roles,
  seoSettings,
  statistics,
} from "./schema";

/**
 * Seeded copy that was later reworded: a row still exactly as first seeded (version 1, the old words) gets
 * the new words; a row an operator has touched is left alone.
 */
const REVISED_STATISTICS = [
  { was: { value: "2", label: "Phase UK regulatory plan" }, now: { value: "2", label: "Phases on our path to direct FCA authorisation" } },
];

async function reviseUntouchedCopy(tx: Tx): Promise<void> {
  for (const { was, now } of REVISED_STATISTICS) {
    await tx
      .update(statistics)
      .set(now)
      .where(and(eq(statistics.value, was.value), eq(statistics.label, was.label), eq(statistics.version, 1)));
  }
}

const SEEDED_KEY = "seeded";
/** Its own marker: a database seeded before operators published posts, roles and policies gets them once. */
const PUBLISHING_SEEDED_KEY = "seeded:publishing";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Today's newsroom, careers and legal copy as records, on the first start that has the tables. */
async function seedPublishing(tx: Tx, siteUrl: string): Promise<void> {
  const [seeded] = await tx.select().from(appMeta).where(eq(appMeta.key, PUBLISHING_SEEDED_KEY));
  if (seeded) return;
  await tx.insert(posts).values(
    defaultPosts.map((post) => ({
      ...post,
      ...renderPost(post, siteUrl),
      status: "published" as const,
      publishAt: post.publishedAt,
      authorName: DEFAULT_POST_AUTHOR,
      createdAt: post.publishedAt,
      updatedAt: post.publishedAt,
    })),
  );
  await tx.insert(roles).values(
    defaultRoles.map((role) => ({ ...role, ...renderRole(role, siteUrl), status: "published" as const, publishedAt: new Date("2025-10-07T12:00:00Z") })),
  );
  await tx.insert(legalDocumentVersions).values(
    defaultLegalDocuments.map((document) => ({ ...document, version: 1, actorEmail: "seed" })),
  );
  await tx.insert(appMeta).values({ key: PUBLISHING_SEEDED_KEY, value: new Date().toISOString() });
}

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
    await tx.insert(messageSettings).values(defaultMessageSettings).onConflictDoNothing();
    await tx.insert(regulatoryStatus).values(defaultRegulatoryStatus).onConflictDoNothing();
    await tx.insert(riskWarnings).values(defaultRiskWarnings).onConflictDoNothing();
    // Issue 39: the cookie register, as the cookie policy stated it when the register began (consent version 1).
    await tx.insert(cookieRegister).values({ items: defaultCookieRegisterItems() }).onConflictDoNothing();

    await seedPublishing(tx, siteUrl);
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
