import { and, desc, eq, lte, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { legalDocumentVersions } from "~db/schema";
import type { LegalDocumentInput, LegalDocumentKey } from "~/schemas/legal-document";
import { londonIsoDate } from "~/utils/london-time";
import type { Actor } from "./actor";
import { recordAudit } from "./audit.server";
import { now } from "./clock.server";
import { cached, contentChanged } from "./content-cache.server";
import { watchSchedule } from "./publication.server";
import { recordRevision } from "./revisions.server";

/** What a legal document's revision keeps: the text a version published and when it took effect. */
const legalSnapshot = (row: LegalDocumentVersion) => ({
  title: row.title,
  body: row.body,
  effectiveDate: row.effectiveDate,
  changeSummary: row.changeSummary,
});

export type LegalDocumentVersion = typeof legalDocumentVersions.$inferSelect;
/** What the version list shows of each. */
export type LegalVersionSummary = Pick<LegalDocumentVersion, "version" | "effectiveDate" | "changeSummary" | "createdAt">;

const summaryColumns = {
  version: legalDocumentVersions.version,
  effectiveDate: legalDocumentVersions.effectiveDate,
  changeSummary: legalDocumentVersions.changeSummary,
  createdAt: legalDocumentVersions.createdAt,
};

/**
 * The version visitors read: the newest whose effective date has come (in London); before any has, the
 * first. Served from the content cache, which expires when the next version takes effect.
 */
export function currentLegalDocument(key: LegalDocumentKey): Promise<LegalDocumentVersion | null> {
  return cached(`legal:${key}:current`, async () => {
    await watchSchedule();
    const today = londonIsoDate(now());
    const [current] = await getDb()
      .select()
      .from(legalDocumentVersions)
      .where(and(eq(legalDocumentVersions.key, key), lte(legalDocumentVersions.effectiveDate, today)))
      .orderBy(desc(legalDocumentVersions.version))
      .limit(1);
    if (current) return current;
    const [first] = await getDb()
      .select()
      .from(legalDocumentVersions)
      .where(eq(legalDocumentVersions.key, key))
      .orderBy(legalDocumentVersions.version)
      .limit(1);
    return first ?? null;
  });
}

/** Every version of a document, newest first (those not yet in effect included: the admin and the API). */
export async function legalDocumentHistory(key: LegalDocumentKey): Promise<LegalVersionSummary[]> {
  return getDb()
    .select(summaryColumns)
    .from(legalDocumentVersions)
    .where(eq(legalDocumentVersions.key, key))
    .orderBy(desc(legalDocumentVersions.version));
}

/** The versions visitors may read: those in effect, newest first. */
export function publicLegalHistory(key: LegalDocumentKey): Promise<LegalVersionSummary[]> {
  return cached(`legal:${key}:history`, async () => {
    await watchSchedule();
    return getDb()
      .select(summaryColumns)
      .from(legalDocumentVersions)
      .where(and(eq(legalDocumentVersions.key, key), lte(legalDocumentVersions.effectiveDate, londonIsoDate(now()))))
      .orderBy(desc(legalDocumentVersions.version));
  });
}

/** One version; `inEffectOnly` hides a version whose date has not come (what visitors may read). */
export async function legalDocumentVersion(
  key: LegalDocumentKey,
  version: number,
  options: { inEffectOnly?: boolean } = {},
): Promise<LegalDocumentVersion | null> {
  if (!Number.isSafeInteger(version) || version < 1 || version > 2_147_483_647) return null;
  const [row] = await getDb()
    .select()
    .from(legalDocumentVersions)
    .where(
      and(
        eq(legalDocumentVersions.key, key),
        eq(legalDocumentVersions.version, version),
        options.inEffectOnly ? lte(legalDocumentVersions.effectiveDate, londonIsoDate(now())) : undefined,
      ),
    );
  return row ?? null;
}

/** A change to a document is a new version, never an edit of an old one; audited. */
export async function publishLegalVersion(
  key: LegalDocumentKey,
  input: LegalDocumentInput,
  actor: Actor,
): Promise<LegalDocumentVersion | null> {
  const row = await getDb().transaction(async (tx) => {
    // One writer at a time per table: two saves must not both become version n + 1.
    await tx.execute(sql`lock table legal_document_versions in share row exclusive mode`);
    const [latest] = await tx
      .select()
      .from(legalDocumentVersions)
      .where(eq(legalDocumentVersions.key, key))
      .orderBy(desc(legalDocumentVersions.version))
      .limit(1);
    if (!latest) return null;
    const [created] = await tx
      .insert(legalDocumentVersions)
      .values({ key, version: latest.version + 1, title: latest.title, ...input, actorEmail: actor.email })
      .returning();
    await recordRevision(tx, actor, {
      entity: "legal document",
      entityId: key,
      version: created!.version,
      values: legalSnapshot(created!),
      before: { version: latest.version, values: legalSnapshot(latest), at: latest.createdAt },
    });
    await recordAudit(tx, actor, {
      entity: "legal document",
      entityId: key,
      action: "create",
      summary: `Published ${latest.title} version ${created!.version}, effective ${input.effectiveDate}`,
      changes: { fields: ["body", "effectiveDate", "changeSummary"], version: created!.version },
    });
    return created!;
  });
  if (row) await contentChanged();
  return row;
}
