import { and, desc, eq, lte, sql, TransactionRollbackError } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { legalDocumentDrafts, legalDocumentVersions } from "~db/schema";
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

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/** Version n + 1 from `input`, with its revision and audit entry; null when the document has no version yet. */
async function insertVersion(tx: Tx, key: LegalDocumentKey, input: LegalDocumentInput, actor: Actor): Promise<LegalDocumentVersion | null> {
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
    .values({
      key,
      version: latest.version + 1,
      title: latest.title,
      body: input.body,
      effectiveDate: input.effectiveDate,
      changeSummary: input.changeSummary,
      actorEmail: actor.email,
    })
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
}

/** A change to a document is a new version, never an edit of an old one; audited. */
export async function publishLegalVersion(
  key: LegalDocumentKey,
  input: LegalDocumentInput,
  actor: Actor,
): Promise<LegalDocumentVersion | null> {
  const row = await getDb().transaction((tx) => insertVersion(tx, key, input, actor));
  if (row) await contentChanged();
  return row;
}

export type LegalDocumentDraft = typeof legalDocumentDrafts.$inferSelect;

/** The draft of a document's next version, if one is being written (never public). */
export async function legalDraft(key: LegalDocumentKey): Promise<LegalDocumentDraft | null> {
  const [row] = await getDb().select().from(legalDocumentDrafts).where(eq(legalDocumentDrafts.key, key));
  return row ?? null;
}

/** The number the draft will have when published: one more than the newest version. */
export async function nextLegalVersion(key: LegalDocumentKey): Promise<number | null> {
  const [latest] = await getDb()
    .select({ version: legalDocumentVersions.version })
    .from(legalDocumentVersions)
    .where(eq(legalDocumentVersions.key, key))
    .orderBy(desc(legalDocumentVersions.version))
    .limit(1);
  return latest ? latest.version + 1 : null;
}

/**
 * Keeps the draft (one per document: a second save replaces the first). Nothing public changes, so the
 * content cache is left alone. Audited, since a draft can be published by another operator.
 */
export async function saveLegalDraft(key: LegalDocumentKey, input: LegalDocumentInput, actor: Actor): Promise<LegalDocumentDraft> {
  return getDb().transaction(async (tx) => {
    const values = { body: input.body, effectiveDate: input.effectiveDate, changeSummary: input.changeSummary, actorEmail: actor.email };
    const [row] = await tx
      .insert(legalDocumentDrafts)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: legalDocumentDrafts.key, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    await recordAudit(tx, actor, {
      entity: "legal document",
      entityId: key,
      action: "update",
      summary: `Saved a draft of the next version, effective ${input.effectiveDate}`,
      changes: { fields: ["draft"], version: null },
    });
    return row!;
  });
}

/** Deletes the draft; false when there was none. Published versions are untouched. */
export async function discardLegalDraft(key: LegalDocumentKey, actor: Actor): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const deleted = await tx.delete(legalDocumentDrafts).where(eq(legalDocumentDrafts.key, key)).returning({ key: legalDocumentDrafts.key });
    if (deleted.length === 0) return false;
    await recordAudit(tx, actor, {
      entity: "legal document",
      entityId: key,
      action: "delete",
      summary: "Discarded the draft of the next version",
      changes: { fields: ["draft"], version: null },
    });
    return true;
  });
}

/**
 * Publishes the draft as version n + 1 and deletes it, in one transaction. When `expectedVersion` is given
 * (the number the operator confirmed), a different next number (someone published meanwhile) or a draft
 * saved after `draftSavedAt` refuses: "stale". Null when there is no draft.
 */
export async function publishLegalDraft(
  key: LegalDocumentKey,
  actor: Actor,
  expected: { version?: number; draftSavedAt?: string } = {},
): Promise<{ ok: true; version: LegalDocumentVersion } | { ok: false; reason: "no_draft" | "stale" }> {
  const result = await getDb().transaction(async (tx) => {
    const [draft] = await tx.select().from(legalDocumentDrafts).where(eq(legalDocumentDrafts.key, key)).for("update");
    if (!draft) return { ok: false as const, reason: "no_draft" as const };
    if (expected.draftSavedAt !== undefined && draft.updatedAt.toISOString() !== expected.draftSavedAt) {
      return { ok: false as const, reason: "stale" as const };
    }
    const created = await insertVersion(tx, key, draft, actor);
    if (!created) return { ok: false as const, reason: "no_draft" as const };
    if (expected.version !== undefined && created.version !== expected.version) {
      tx.rollback();
    }
    await tx.delete(legalDocumentDrafts).where(eq(legalDocumentDrafts.key, key));
    return { ok: true as const, version: created };
  }).catch((error: unknown) => {
    if (error instanceof TransactionRollbackError) return { ok: false as const, reason: "stale" as const };
    throw error;
  });
  if (result.ok) await contentChanged();
  return result;
}
