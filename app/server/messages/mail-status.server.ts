import type { MailStatusView } from "~/components/admin/messages/mail-status";
import { getConfig } from "~/server/config.server";

/** What the Notifications screen says of the mail configuration (never a password). */
export function mailStatus(): MailStatusView {
  const { mail } = getConfig();
  const from = mail.from.name ? `${mail.from.name} <${mail.from.address}>` : mail.from.address;
  const description =
    mail.mode === "smtp"
      ? `sent over SMTP through ${mail.smtp.display}`
      : mail.mode === "file"
        ? `written as .eml files in ${mail.fileDir}`
        : "not sent";
  return { mode: mail.mode, description, from };
}
