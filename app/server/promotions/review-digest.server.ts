import { now } from "~/models/clock.server";
import { queueReviewDigests } from "~/models/review-digests.server";
import { londonIsoWeek } from "~/utils/london-time";
import { reviewsDue } from "./register-screens.server";

/**
 * The weekly e-mail of promotions due for review (issue 42, decision 0027), queued by the maintenance round:
 * the week is the ISO week of London's date at `at`, and each approver and admin gets one digest a week,
 * at the first round of the week that finds a review due (none while nothing is due). The database's
 * (operator, week) key makes every later round of that week, on any instance, queue nothing.
 */
export async function queueWeeklyReviewDigests(at: Date = now()): Promise<{ week: string; queued: number }> {
  const week = londonIsoWeek(at);
  const due = await reviewsDue(at);
  const queued = await queueReviewDigests(
    week,
    due.map((item) => ({
      recordId: item.id,
      reference: item.reference,
      label: item.label,
      reviewBy: item.reviewByDate,
      overdue: item.overdue,
    })),
  );
  return { week, queued };
}
