import { purgeExpiredMessages } from "~/models/contact-messages.server";
import { purgeExpiredConsentRecords } from "~/models/consent-records.server";
import { getCookieRegister } from "~/models/cookie-register.server";
import { getMessageSettings } from "~/models/message-settings.server";
import { purgeExpiredPreviewLinks } from "~/models/preview-links.server";
import { purgeRateLimits } from "~/models/rate-limit.server";
import { now } from "~/models/clock.server";
import { purgeReviewDigests } from "~/models/review-digests.server";
import { purgeTrash } from "~/models/trash.server";
import { purgeWaitlist } from "~/models/waitlist.server";
import { getConfig } from "~/server/config.server";
import { forgetMailFiles } from "~/server/mail/mail-transport.server";
import { queueWeeklyReviewDigests } from "~/server/promotions/review-digest.server";

/** A review digest's row is kept a year: its week's key is long past, and it says what each approver was sent. */
const REVIEW_DIGEST_KEEP_MS = 365 * 24 * 60 * 60_000;

/** How often the server clears out rows that have expired. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * One round of housekeeping: expired rate-limit counters and preview links, what has been in the trash for
 * 30 days, and visitors' messages past the retention the privacy policy states (with their notifications,
 * and a local site's copies of them as .eml files), and consent records past theirs. Every instance may run it:
 * it deletes, and queues the week's digest of promotions due for review, which the database keeps to one a
 * week per approver whichever instance queues it first.
 */
export async function runMaintenance(): Promise<{
  rateLimits: number;
  previewLinks: number;
  trash: number;
  messages: number;
  consentRecords: number;
  waitlist: number;
  reviewDigests: number;
}> {
  const { retentionMonths } = await getMessageSettings();
  const expired = await purgeExpiredMessages(retentionMonths);
  await forgetMailFiles(getConfig().mail.fileDir, expired.notificationIds);
  // Unconfirmed waitlist entries after 7 days; unsubscribed ones after the retention period.
  const waitlist = await purgeWaitlist(retentionMonths);
  await forgetMailFiles(getConfig().mail.fileDir, waitlist.notificationIds);
  const oldDigests = await purgeReviewDigests(new Date(now().getTime() - REVIEW_DIGEST_KEEP_MS));
  await forgetMailFiles(getConfig().mail.fileDir, oldDigests.notificationIds);
  const digests = await queueWeeklyReviewDigests();
  return {
    rateLimits: await purgeRateLimits(),
    previewLinks: await purgeExpiredPreviewLinks(),
    trash: await purgeTrash(),
    messages: expired.messages,
    consentRecords: await purgeExpiredConsentRecords((await getCookieRegister()).consentRetentionMonths),
    waitlist: waitlist.entries,
    reviewDigests: digests.queued,
  };
}

/** Runs maintenance now and then every interval; returns the function that stops it. */
export function startMaintenance(log: (message: string) => void, intervalMs = MAINTENANCE_INTERVAL_MS): () => void {
  const round = () =>
    runMaintenance().catch((error: unknown) => log(`maintenance failed (will retry): ${(error as Error).message}`));
  void round();
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
