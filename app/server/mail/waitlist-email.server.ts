import type Mail from "nodemailer/lib/mailer";
import type { WaitlistEntryRow } from "~/models/notifications.server";
import { confirmTokenOf, unsubscribeTokenOf, type WaitlistPlatform } from "~/models/waitlist.server";
import type { MailAddress } from "~/server/config.server";
import { escapeHtml } from "~/utils/escape-html";
import { formatLondonDateTime } from "~/utils/london-time";
import { headerSafe } from "./notification-email.server";

/** The links of a waitlist e-mail: the confirmation (a page with a button) and the unsubscribe page. */
export function waitlistLinks(
  siteOrigin: string,
  entry: WaitlistEntryRow,
): { confirm: string | null; unsubscribe: string } {
  const confirmToken = confirmTokenOf(entry);
  return {
    confirm: confirmToken ? `${siteOrigin}/waitlist/confirm?token=${encodeURIComponent(confirmToken)}` : null,
    unsubscribe: `${siteOrigin}/waitlist/unsubscribe?token=${encodeURIComponent(unsubscribeTokenOf(entry))}`,
  };
}

export interface WaitlistEmailInput {
  notificationId: number;
  entry: WaitlistEntryRow;
  /** The platforms with a waitlist now (names for the ids the entry holds). */
  platforms: readonly WaitlistPlatform[];
  from: MailAddress;
  siteOrigin: string;
  siteName: string;
  at: Date;
}

/**
 * The confirmation e-mail of a waitlist entry: plain text and HTML, from MAIL_FROM, with the link that
 * confirms (valid 7 days) and a one-click unsubscribe (RFC 8058: List-Unsubscribe with the https URL,
 * List-Unsubscribe-Post). Null when there is nothing to confirm any more (confirmed, unsubscribed, expired).
 */
export function waitlistEmail(input: WaitlistEmailInput): Mail.Options | null {
  const { entry, siteOrigin, siteName } = input;
  if (
    entry.status !== "pending" ||
    !entry.confirmExpiresAt ||
    entry.confirmExpiresAt.getTime() <= input.at.getTime()
  )
    return null;
  const links = waitlistLinks(siteOrigin, entry);
  if (!links.confirm) return null;
  const names = entry.platforms
    .map((id) => input.platforms.find((platform) => platform.id === id)?.name)
    .filter((name): name is string => Boolean(name));
  const wanted = names.length > 0 ? names.join(", ") : "our platforms";
  const greeting = entry.firstName ? `Hello ${headerSafe(entry.firstName, 100)},` : "Hello,";
  const expires = formatLondonDateTime(entry.confirmExpiresAt);
  const host = new URL(siteOrigin).hostname;

  const text = [
    greeting,
    "",
    `Someone, hopefully you, asked to join the ${siteName} waitlist for ${wanted} with this address.`,
    "To confirm, open this link and press Confirm:",
    links.confirm,
    "",
    `The link works until ${expires}. If you did not ask, ignore this e-mail: without confirmation your address is deleted after 7 days.`,
    "We will e-mail you when it opens, and nothing else.",
    "",
    "--",
    `Unsubscribe: ${links.unsubscribe}`,
  ].join("\n");

  const html = `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Confirm your place on the ${escapeHtml(siteName)} waitlist</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5;margin:0;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">Someone, hopefully you, asked to join the ${escapeHtml(siteName)} waitlist for ${escapeHtml(wanted)} with this address.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(links.confirm)}" style="color:#0f766e;font-weight:600">Confirm your place on the waitlist</a></p>
<p style="margin:0 0 16px;color:#475569">The link works until ${escapeHtml(expires)}. If you did not ask, ignore this e-mail: without confirmation your address is deleted after 7 days.</p>
<p style="margin:0 0 24px">We will e-mail you when it opens, and nothing else.</p>
<p style="margin:0;color:#475569;font-size:14px"><a href="${escapeHtml(links.unsubscribe)}" style="color:#475569">Unsubscribe</a></p>
</body></html>`;

  return {
    from: { name: input.from.name, address: input.from.address },
    to: entry.email,
    subject: `Confirm your place on the ${siteName} waitlist`,
    text,
    html,
    messageId: `<notification-${input.notificationId}@${host}>`,
    list: {
      // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to the https URL.
      unsubscribe: { url: links.unsubscribe, comment: "Unsubscribe" },
    },
    headers: {
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
