import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { operators, sessions, users } from "~db/schema";
import { OPERATOR_MESSAGES, type OperatorInput, type OperatorRole } from "~/schemas/operator";
import type { Actor, WriteResult } from "./actor";
import { recordAudit } from "./audit.server";
import { writeNextVersion } from "./next-version.server";
import { recordModel, type Tx } from "./versioned-records.server";

/**
 * Who may sign in to the admin, and with which role (issue 36). A removed operator's row stays, with
 * `removedAt`, so that their address is not admitted again by ADMIN_EMAILS; adding it again revives it.
 * The rules that keep the admin usable (an admin always left; nobody changes their own role or removes
 * themselves) are checked inside each write's transaction, under the table's lock.
 */

export type Operator = typeof operators.$inferSelect;

const LOCK = "operators";

async function otherAdmins(tx: Tx, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(operators)
    .where(and(eq(operators.role, "admin"), isNull(operators.removedAt), ne(operators.id, id)));
  return Number(row?.n ?? 0);
}

async function byEmail(tx: Tx, email: string): Promise<Operator | null> {
  const [row] = await tx.select().from(operators).where(eq(operators.email, email));
  return row ?? null;
}

const model = recordModel<Operator, OperatorInput & { removedAt?: Date | null }>({
  table: operators,
  entity: "operator",
  collection: null,
  describe: (operator) => `${operator.name} <${operator.email}>`,
  orderBy: [operators.name, operators.id],
  lockTable: LOCK,
  unversioned: ["removedAt"],
  async check(tx, input, id, actor) {
    // The API's update leaves the address as it is.
    const same = input.email === undefined ? null : await byEmail(tx, input.email);
    if (same && same.id !== id) return { field: "email", message: OPERATOR_MESSAGES.emailTaken };
    if (id === null) return null;
    const [before] = await tx.select().from(operators).where(eq(operators.id, id));
    if (!before) return null;
    const leavesAdmin = before.role === "admin" && (input.role !== "admin" || Boolean(input.removedAt));
    if (before.email === actor.email.toLowerCase()) {
      if (input.role !== before.role) return { field: "role", message: OPERATOR_MESSAGES.ownRole };
      if (input.email !== undefined && input.email !== before.email) {
        return { field: "email", message: OPERATOR_MESSAGES.ownEmail };
      }
    }
    if (leavesAdmin && (await otherAdmins(tx, id)) === 0)
      return { field: "role", message: OPERATOR_MESSAGES.lastAdmin };
    return null;
  },
});

export const getOperator = async (id: number) => {
  const operator = await model.get(id);
  return operator && !operator.removedAt ? operator : null;
};
export const updateOperator = model.update;
export const restoreOperatorVersion = model.restoreVersion;

/** The operators who may sign in, by name. */
export async function listOperators(): Promise<Operator[]> {
  return getDb()
    .select()
    .from(operators)
    .where(isNull(operators.removedAt))
    .orderBy(asc(operators.name), asc(operators.id));
}

/** Adds an operator; an address removed before comes back as this new entry (its history continues). */
export async function createOperator(input: OperatorInput, actor: Actor): Promise<WriteResult<Operator>> {
  const removed = await getDb()
    .select({ id: operators.id, version: operators.version })
    .from(operators)
    .where(and(eq(operators.email, input.email), sql`${operators.removedAt} is not null`));
  if (removed[0])
    return model.update(removed[0].id, { ...input, removedAt: null }, actor, removed[0].version);
  return model.create(input, actor);
}

/**
 * Removes an operator: they can no longer sign in, and their sessions end now. Refused for the last admin
 * and for oneself.
 */
export async function removeOperator(id: number, actor: Actor): Promise<WriteResult<Operator>> {
  const current = await getOperator(id);
  if (!current) return { ok: false, reason: "not_found" };
  if (current.email === actor.email.toLowerCase()) {
    return { ok: false, reason: "conflict", message: OPERATOR_MESSAGES.removeSelf };
  }
  const result = await getDb().transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table "${LOCK}" in share row exclusive mode`));
    const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for("update");
    if (!before || before.removedAt) return null;
    if (before.role === "admin" && (await otherAdmins(tx, id)) === 0) return "last admin" as const;
    const row = await writeNextVersion(tx, operators, id, { removedAt: sql`now()` });
    await endSessionsOf(tx, before.email);
    await recordAudit(tx, actor, {
      entity: "operator",
      entityId: id,
      action: "delete",
      summary: `Removed operator "${before.name} <${before.email}>"`,
      changes: { fields: ["removedAt"], version: row.version },
    });
    return row;
  });
  if (result === null) return { ok: false, reason: "not_found" };
  if (result === "last admin") return { ok: false, reason: "conflict", message: OPERATOR_MESSAGES.lastAdmin };
  return { ok: true, record: result };
}

async function endSessionsOf(tx: Tx, email: string): Promise<void> {
  await tx
    .delete(sessions)
    .where(sql`${sessions.userId} in (select ${users.id} from ${users} where ${users.email} = ${email})`);
}

/**
 * At sign-in: the operator this verified address is, or null when it is none. An ADMIN_EMAILS address that
 * was never an operator becomes an admin here (how a new site gets its first admin); one an admin removed
 * stays out.
 */
export async function admitOperator(
  email: string,
  name: string,
  bootstrapAdmin: boolean,
): Promise<{ id: number; role: OperatorRole } | null> {
  const address = email.toLowerCase();
  const [known] = await getDb().select().from(operators).where(eq(operators.email, address));
  if (known) return known.removedAt ? null : { id: known.id, role: known.role };
  if (!bootstrapAdmin) return null;
  const actor = { userId: null, email: address };
  const created = await model.create({ email: address, name: name || address, role: "admin" }, actor);
  if (created.ok) return { id: created.record.id, role: created.record.role };
  // Two first sign-ins at once: the other made the row.
  const [again] = await getDb().select().from(operators).where(eq(operators.email, address));
  return again && !again.removedAt ? { id: again.id, role: again.role } : null;
}

export async function countOperators(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(operators).where(isNull(operators.removedAt));
  return Number(row?.n ?? 0);
}
