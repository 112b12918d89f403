import crypto from "node:crypto";
import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { consentRecords } from "~db/schema";
import { BANNER_WORDING_VERSION } from "~/utils/cookie-register";
import { recordAudit } from "./audit.server";
import { now } from "./clock.server";
import { monthsBefore, RETENTION_ACTOR } from "./contact-messages.server";
import { currentConsentVersion } from "./cookie-register.server";

type ConsentRecordRow = typeof consentRecords.$inferSelect;
export type ConsentAction = ConsentRecordRow["action"];
export type ConsentHow = ConsentRecordRow["how"];

/**
 * A consent record as the visitor's download, the operator's lookup and the API show it: the row's choice,
 * under the consent version it was made for, at its time as ISO text.
 */
export type ConsentRecordView = Pick<ConsentRecordRow, "consentId" | "wordingVersion" | "choices" | "action" | "how"> & {
  version: number;
  recordedAt: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isConsentId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

function view(row: ConsentRecordRow): ConsentRecordView {
  return {
    consentId: row.consentId,
    version: row.consentVersion,
    wordingVersion: row.wordingVersion,
    choices: row.choices,
    action: row.action,
    how: row.how,
    recordedAt: row.recordedAt.toISOString(),
  };
}

/**
 * Stores one choice, under the current consent version and banner wording: the visitor's consent id when
 * they have one (so their choices stay together), else a new random one. Nothing else about them is kept.
 */
export async function recordConsent(input: {
  consentId?: string | null;
  analytics: boolean;
  action: ConsentAction;
  how: ConsentHow;
}): Promise<ConsentRecordView> {
  const consentId = isConsentId(input.consentId) ? input.consentId : crypto.randomUUID();
  const [row] = await getDb()
    .insert(consentRecords)
    .values({
      consentId,
      consentVersion: await currentConsentVersion(),
      wordingVersion: BANNER_WORDING_VERSION,
      choices: { analytics: input.analytics },
      action: input.action,
      how: input.how,
      recordedAt: now(),
    })
    .returning();
  return view(row!);
}

/** Every record of one consent id, oldest first. */
export async function consentRecordsFor(consentId: string): Promise<ConsentRecordView[]> {
  if (!isConsentId(consentId)) return [];
  const rows = await getDb()
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.consentId, consentId))
    .orderBy(asc(consentRecords.recordedAt), asc(consentRecords.id));
  return rows.map(view);
}

/** The latest record of one consent id, or null. */
export async function latestConsentRecord(consentId: string | null | undefined): Promise<ConsentRecordView | null> {
  if (!isConsentId(consentId)) return null;
  const [row] = await getDb()
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.consentId, consentId))
    .orderBy(desc(consentRecords.recordedAt), desc(consentRecords.id))
    .limit(1);
  return row ? view(row) : null;
}

export interface ConsentDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  accept: number;
  decline: number;
  withdraw: number;
}

export interface ConsentSummary {
  /** The last `days` days (UTC), oldest first, each with its counts (0 on a day with none). */
  days: ConsentDay[];
  /** Of the latest record of each consent id (within retention): how many accept analytics now. */
  current: { consentIds: number; accepting: number; acceptRate: number | null };
}

/** Counts per day and action over the last `days` days, and the current accept rate. */
export async function consentSummary(days = 30, at: Date = now()): Promise<ConsentSummary> {
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
  const start = new Date(end.getTime() - days * 86_400_000);
  const db = getDb();
  const day = sql<string>`to_char(${consentRecords.recordedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, action: consentRecords.action, count: sql<number>`count(*)::int` })
    .from(consentRecords)
    .where(and(gte(consentRecords.recordedAt, start), lt(consentRecords.recordedAt, end)))
    .groupBy(day, consentRecords.action);
  const byDay = new Map<string, ConsentDay>();
  for (let i = 0; i < days; i++) {
    const key = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    byDay.set(key, { day: key, accept: 0, decline: 0, withdraw: 0 });
  }
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry) entry[row.action] = Number(row.count);
  }
  const latest = db
    .selectDistinctOn([consentRecords.consentId], { consentId: consentRecords.consentId, action: consentRecords.action })
    .from(consentRecords)
    .orderBy(consentRecords.consentId, desc(consentRecords.recordedAt), desc(consentRecords.id))
    .as("latest");
  const [first] = await db
    .select({
      consent_ids: sql<number>`count(*)::int`,
      accepting: sql<number>`(count(*) filter (where ${latest.action} = 'accept'))::int`,
    })
    .from(latest);
  const consentIds = Number(first?.consent_ids ?? 0);
  const accepting = Number(first?.accepting ?? 0);
  return {
    days: [...byDay.values()],
    current: { consentIds, accepting, acceptRate: consentIds === 0 ? null : accepting / consentIds },
  };
}

/**
 * Deletes consent records made more than `months` months before `at` (the retention the privacy policy
 * states). Returns how many went; audited once per run that deleted any.
 */
export async function purgeExpiredConsentRecords(months: number, at: Date = now()): Promise<number> {
  const cutoff = monthsBefore(at, months);
  const gone = await getDb().delete(consentRecords).where(lt(consentRecords.recordedAt, cutoff)).returning({ id: consentRecords.id });
  if (gone.length > 0) {
    await recordAudit(getDb(), RETENTION_ACTOR, {
      entity: "consent record",
      entityId: "retention",
      action: "delete",
      summary: `Deleted ${gone.length} consent record${gone.length === 1 ? "" : "s"} made over ${months} months ago (retention)`,
    });
  }
  return gone.length;
}
