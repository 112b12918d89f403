import { and, inArray, isNull, lt, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { notifications, operators, reviewDigests, type ReviewDigestItem } from "~db/schema";
import { now } from "./clock.server";
import { OUTBOX_CHANNEL, wakeDelivery, type ReviewDigestRow } from "./notifications.server";

export type { ReviewDigestItem };
export type { ReviewDigestRow };

/** The roles that decide financial promotions, and so receive the digest of reviews due. */
const DIGEST_ROLES = ["approver", "admin"] as const;

/**
 * Queues this week's digest of promotions due for review for every approver and admin who has none yet for
 * `week`: the digest row and its notification in one transaction (both commit, or neither: never lost), and
 * the (operator, week) unique key makes a second attempt, from this instance or another, insert nothing
 * (never twice). Answers how many were queued.
 */
export async function queueReviewDigests(week: string, items: readonly ReviewDigestItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const queued = await getDb().transaction(async (tx) => {
    const approvers = await tx
      .select({ id: operators.id, email: operators.email })
      .from(operators)
      .where(and(isNull(operators.removedAt), inArray(operators.role, [...DIGEST_ROLES])));
    if (approvers.length === 0) return 0;
    const at = now();
    const made = await tx
      .insert(reviewDigests)
      .values(
        approvers.map((approver) => ({
          operatorId: approver.id,
          week,
          promotions: [...items],
          createdAt: at,
        })),
      )
      .onConflictDoNothing({ target: [reviewDigests.operatorId, reviewDigests.week] })
      .returning({ id: reviewDigests.id, operatorId: reviewDigests.operatorId });
    if (made.length === 0) return 0;
    const emailOf = new Map(approvers.map((approver) => [approver.id, approver.email]));
    await tx
      .insert(notifications)
      .values(
        made.map((digest) => ({
          reviewDigestId: digest.id,
          recipient: emailOf.get(digest.operatorId)!,
          nextAttemptAt: at,
          createdAt: at,
        })),
      );
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    return made.length;
  });
  if (queued > 0) wakeDelivery();
  return queued;
}

/**
 * Digests queued before `before`, with their notifications (a past week's key stops nothing any more).
 * Answers the notifications' ids, whose .eml copies a local site deletes too.
 */
export async function purgeReviewDigests(
  before: Date,
): Promise<{ digests: number; notificationIds: number[] }> {
  return getDb().transaction(async (tx) => {
    const old = tx
      .select({ id: reviewDigests.id })
      .from(reviewDigests)
      .where(lt(reviewDigests.createdAt, before));
    const gone = await tx
      .delete(notifications)
      .where(inArray(notifications.reviewDigestId, old))
      .returning({ id: notifications.id });
    const digests = await tx
      .delete(reviewDigests)
      .where(lt(reviewDigests.createdAt, before))
      .returning({ id: reviewDigests.id });
    return { digests: digests.length, notificationIds: gone.map((row) => row.id) };
  });
}
