import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~db/client.server";
import { getDb } from "~db/client.server";
import { writeBatches } from "~/utils/write-batches";
import { auditLog } from "~db/schema";
import type { Actor } from "./actor";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface AuditEntry {
  id: number;
  actorEmail: string;
  entity: string;
  entityId: string;
  action: "create" | "update" | "delete";
  summary: string;
  createdAt: Date;
}

interface AuditChanges {
  fields: string[];
  version: number | null;
}

type AuditWrite = { entity: string; entityId: string | number; action: AuditEntry["action"]; summary: string; changes?: AuditChanges };

function auditRow(actor: Actor, entry: AuditWrite): typeof auditLog.$inferInsert {
  return {
    userId: actor.userId,
    actorEmail: actor.email,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    summary: entry.summary,
    changes: entry.changes ?? null,
  };
}

export async function recordAudit(tx: Tx | Db, actor: Actor, entry: AuditWrite): Promise<void> {
  await tx.insert(auditLog).values(auditRow(actor, entry));
}

/** recordAudit for many writes at once (an import): many rows a statement. */
export async function recordAudits(tx: Tx | Db, actor: Actor, entries: readonly AuditWrite[]): Promise<void> {
  // One JSON parameter a statement: PGlite prepares a statement of thousands of parameters slowly.
  for (const batch of writeBatches(entries.map((entry) => auditRow(actor, entry)))) {
    await tx.execute(sql`
      insert into ${auditLog} (user_id, actor_email, entity, entity_id, action, summary, changes)
      select "userId", "actorEmail", entity, "entityId", action, summary, changes
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(
        "userId" int, "actorEmail" text, entity text, "entityId" text, action text, summary text, changes jsonb)`);
  }
}

export async function listRecentActivity(limit = 10): Promise<AuditEntry[]> {
  return getDb()
    .select({
      id: auditLog.id,
      actorEmail: auditLog.actorEmail,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      summary: auditLog.summary,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export async function lastChangeAt(): Promise<Date | null> {
  const [row] = await getDb().select({ at: sql<Date | null>`max(${auditLog.createdAt})` }).from(auditLog);
  return row?.at ? new Date(row.at) : null;
}

/**
 * Describes what others changed on a record since the version an editor loaded, for the message that
 * refuses a stale save: "…was changed by ops@… (name, description) while you were editing…".
 */
export async function describeChangesSince(entity: string, entityId: string | number, sinceVersion: number): Promise<string> {
  const rows = await getDb()
    .select({ actorEmail: auditLog.actorEmail, changes: auditLog.changes })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, String(entityId)),
        gt(sql`coalesce((${auditLog.changes}->>'version')::int, 0)`, sinceVersion),
      ),
    )
    .orderBy(auditLog.id);
  const fields = new Set<string>();
  const people = new Set<string>();
  for (const row of rows) {
    people.add(row.actorEmail);
    for (const field of (row.changes as AuditChanges | null)?.fields ?? []) fields.add(field);
  }
  const who = people.size > 0 ? ` by ${[...people].join(", ")}` : "";
  const what = fields.size > 0 ? ` (${[...fields].map(humanise).join(", ")})` : "";
  return `This was changed${who}${what} while you were editing. Review the current values below and save again.`;
}

function humanise(field: string): string {
  return field.replace(/([A-Z])/g, " $1").toLowerCase();
}

/** The names of the fields whose values differ between two records. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}
