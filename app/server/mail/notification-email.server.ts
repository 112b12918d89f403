import type Mail from "nodemailer/lib/mailer";
import type { ContactMessageRow } from "~/models/notifications.server";
import type { MailAddress } from "~/server/config.server";
import { escapeHtml } from "~/utils/escape-html";
import { formatLondonDateTime } from "~/utils/london-time";
import { isSingleAddress } from "~/utils/mail-address";

/**
 * What a header may carry of a visitor's words: no line breaks or other control characters (so nothing
 * they type can start a header of its own or add a recipient), one line, and not too long.
 */
export function headerSafe(value: string, max = 120): string {
  const line = value
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export { isSingleAddress };

/** What an e-mail to one recipient of the outbox is made with, besides what it is about. */
export interface OutboxEmailInput {
  notificationId: number;
  recipient: string;
  from: MailAddress;
  /** PUBLIC_URL's origin: the e-mail's links into the admin. */
  siteOrigin: string;
  siteName: string;
}

export interface NotificationEmailInput extends OutboxEmailInput {
  message: ContactMessageRow;
}

/**
 * The e-mail that tells the company of a visitor's message: plain text and HTML, sent From the site and
 * Reply-To the visitor (answering is one click), to one recipient from the routing (never an address the
 * visitor gave). The visitor's name and subject go into headers only through headerSafe, and only as
 * values nodemailer encodes: a display name in an address object, never parsed from text.
 */
export function notificationEmail(input: NotificationEmailInput): Mail.Options {
  const { message, siteOrigin, siteName } = input;
  const name = headerSafe(message.name, 100);
  const subject = headerSafe(message.subject, 150);
  const adminUrl = `${siteOrigin}/admin/messages/${message.id}`;
  const received = formatLondonDateTime(message.receivedAt);
  const replyTo = isSingleAddress(message.email) ? { name, address: message.email } : undefined;
  const answer = replyTo
    ? `Reply to this e-mail to answer ${name} at ${message.email}.`
    : `The address they gave (${message.email}) cannot be replied to directly: check it before answering.`;
  const host = new URL(siteOrigin).hostname;

  const text = [
    `${name} sent a message through the ${siteName} contact form.`,
    "",
    `Name:      ${name}`,
    `E-mail:    ${message.email}`,
    `Subject:   ${subject}`,
    `Received:  ${received}`,
    "",
    message.message,
    "",
    "--",
    `Open it in the admin: ${adminUrl}`,
    answer,
  ].join("\n");

  const row = (label: string, value: string) =>
    `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0;color:#475569;font-weight:600">${label}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`;
  const html = `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(`New message: ${subject}`)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5;margin:0;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(name)} sent a message through the ${escapeHtml(siteName)} contact form.</p>
<table style="border-collapse:collapse;margin:0 0 16px">${row("Name", name)}${row("E-mail", message.email)}${row("Subject", subject)}${row("Received", received)}</table>
<div style="white-space:pre-wrap;border-left:3px solid #0f766e;padding:4px 0 4px 12px;margin:0 0 24px">${escapeHtml(message.message)}</div>
<p style="margin:0 0 8px"><a href="${escapeHtml(adminUrl)}" style="color:#0f766e">Open the message in the admin</a></p>
<p style="margin:0;color:#475569">${escapeHtml(answer)}</p>
</body></html>`;

  return {
    from: { name: input.from.name, address: input.from.address },
    to: input.recipient,
    ...(replyTo ? { replyTo } : {}),
    subject: headerSafe(`New message from ${name}: ${subject}`, 200),
    text,
    html,
    // The same id for every attempt: a mail system that receives a retry of a mail it already has can tell.
    messageId: `<notification-${input.notificationId}@${host}>`,
    headers: { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All" },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
