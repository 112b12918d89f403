import type Mail from "nodemailer/lib/mailer";
import type { ReviewDigestRow } from "~/models/notifications.server";
import { formatIsoDate } from "~/utils/dates";
import { escapeHtml } from "~/utils/escape-html";
import { headerSafe, type OutboxEmailInput } from "./notification-email.server";

export interface ReviewDigestEmailInput extends OutboxEmailInput {
  digest: ReviewDigestRow;
}

/** A promotion's record in the register, where an approver reviews it (and withdraws it if it no longer complies). */
export function registerRecordUrl(siteOrigin: string, recordId: number): string {
  return `${siteOrigin}/admin/promotions/${recordId}`;
}

/**
 * The weekly digest of financial promotions whose review date is past or near (issue 42): plain text and
 * HTML, from MAIL_FROM, each promotion with its log reference, title, review-by date and its record's link
 * on /admin/promotions. The list is the one queued for the week (the review dates an approval set do not
 * change); null when it is empty, which the queue never makes.
 */
export function reviewDigestEmail(input: ReviewDigestEmailInput): Mail.Options | null {
  const { digest, siteOrigin, siteName } = input;
  const items = digest.promotions;
  if (items.length === 0) return null;
  const host = new URL(siteOrigin).hostname;
  const count = items.length === 1 ? "1 financial promotion" : `${items.length} financial promotions`;
  const subject = `${siteName}: ${count} due for review (week ${digest.week.slice(-2)})`;
  const intro = `${count} approved on the ${siteName} website ${items.length === 1 ? "is" : "are"} due for review within 30 days, or overdue. Review ${items.length === 1 ? "it" : "each"} in the register, and withdraw any that no longer complies.`;
  const listUrl = `${siteOrigin}/admin/promotions?review=due`;
  const due = (item: (typeof items)[number]) =>
    `${item.overdue ? "Overdue: review by" : "Review by"} ${formatIsoDate(item.reviewBy)}`;

  const text = [
    intro,
    "",
    ...items.flatMap((item) => [
      `${item.reference}  ${headerSafe(item.label, 200)}`,
      `  ${due(item)}`,
      `  ${registerRecordUrl(siteOrigin, item.recordId)}`,
      "",
    ]),
    `Every promotion due for review: ${listUrl}`,
    "",
    "--",
    `You receive this weekly, when a review is due, as an approver of the ${siteName} website's financial promotions.`,
  ].join("\n");

  const rows = items
    .map(
      (item) => `<tr>
<td style="padding:8px 12px 8px 0;border-top:1px solid #e2e8f0;font-family:ui-monospace,Menlo,monospace;white-space:nowrap">${escapeHtml(item.reference)}</td>
<td style="padding:8px 12px 8px 0;border-top:1px solid #e2e8f0"><a href="${escapeHtml(registerRecordUrl(siteOrigin, item.recordId))}" style="color:#0f766e;font-weight:600">${escapeHtml(headerSafe(item.label, 200))}</a></td>
<td style="padding:8px 0;border-top:1px solid #e2e8f0;white-space:nowrap${item.overdue ? ";color:#b91c1c;font-weight:600" : ""}">${escapeHtml(due(item))}</td>
</tr>`,
    )
    .join("\n");
  const html = `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5;margin:0;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<table style="border-collapse:collapse;margin:0 0 16px">
<thead><tr><th scope="col" style="text-align:left;padding:0 12px 8px 0">Reference</th><th scope="col" style="text-align:left;padding:0 12px 8px 0">Promotion</th><th scope="col" style="text-align:left;padding:0 0 8px">Review</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p style="margin:0 0 24px"><a href="${escapeHtml(listUrl)}" style="color:#0f766e">Every promotion due for review</a></p>
<p style="margin:0;color:#475569;font-size:14px">You receive this weekly, when a review is due, as an approver of the ${escapeHtml(siteName)} website's financial promotions.</p>
</body></html>`;

  return {
    from: { name: input.from.name, address: input.from.address },
    to: input.recipient,
    subject,
    text,
    html,
    messageId: `<notification-${input.notificationId}@${host}>`,
    headers: { "Auto-Submitted": "auto-generated" },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
