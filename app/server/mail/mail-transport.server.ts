import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { MailConfig } from "~/server/config.server";

/** Where notifications go: an SMTP server, or (a local site without one) .eml files in a folder. */
export interface MailTransport {
  via: "smtp" | "file";
  /** For the start line: never a password. */
  description: string;
  /** How many mails it sends at once (an SMTP pool's connections). */
  connections: number;
  send(mail: Mail.Options, notificationId: number): Promise<void>;
  /** Removes the copy kept of a notification that was erased while it was being sent (file transport). */
  discard?(notificationId: number): Promise<void>;
  close(): void;
}

/**
 * SMTP connections kept open to the mail server. Each sends one mail at a time, a few round trips per mail
 * (nodemailer does not pipeline), so this bounds the send rate; it stays well under the per-client
 * connection limits mail servers apply (Postfix allows 50 by default).
 */
const SMTP_CONNECTIONS = 10;
/** .eml files written at once on a local site. */
const FILE_WRITES_AT_ONCE = 4;

/** A local site's notification as a file: its name comes from the notification's id alone. */
export function mailFilePath(dir: string, notificationId: number): string {
  return path.join(dir, `notification-${notificationId}.eml`);
}

/** The transport the configuration names; null when mail is off (a deployed site without SMTP_URL). */
export function createMailTransport(config: MailConfig): MailTransport | null {
  if (config.mode === "off") return null;
  if (config.mode === "file") {
    const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    const dir = config.fileDir;
    return {
      via: "file",
      description: `written as .eml files in ${dir} (no SMTP_URL)`,
      connections: FILE_WRITES_AT_ONCE,
      async send(mail, notificationId) {
        const info = await writer.sendMail(mail);
        // The folder holds personal data: this user only. Written beside, then renamed: never half a file.
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
        const file = mailFilePath(dir, notificationId);
        await fs.writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
        await fs.rename(`${file}.part`, file);
      },
      discard: (notificationId) => fs.rm(mailFilePath(dir, notificationId), { force: true }),
      close: () => writer.close(),
    };
  }
  const { smtp } = config;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user !== undefined ? { auth: { user: smtp.user, pass: smtp.password ?? "" } } : {}),
    // A few long-lived connections, so a burst of messages does not open one connection each.
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    via: "smtp",
    description: `sent over SMTP through ${smtp.display}`,
    connections: SMTP_CONNECTIONS,
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

/** Removes the .eml files of notifications that were erased or purged (a file already gone is fine). */
export async function forgetMailFiles(dir: string, notificationIds: readonly number[]): Promise<void> {
  await Promise.all(
    notificationIds.map((id) =>
      fs.rm(mailFilePath(dir, id), { force: true }).catch((error: unknown) => {
        console.error(`[mail] could not remove ${mailFilePath(dir, id)}: ${(error as Error).message}`);
      }),
    ),
  );
}

/**
 * A failure that will not pass by trying again: the server refused the recipient or the message for good
 * (a 5xx answer to RCPT TO or DATA). Anything else (no connection, a timeout, a 4xx, a refused login,
 * which is fixed in the configuration) is tried again.
 */
export function isPermanentFailure(error: unknown): boolean {
  const e = error as { responseCode?: unknown; code?: unknown };
  return typeof e.responseCode === "number" && e.responseCode >= 500 && (e.code === "EENVELOPE" || e.code === "EMESSAGE");
}

/**
 * A failure that says nothing of this mail but that the server cannot be used now (no connection, a
 * timeout, a 421 "service not available", a refused login, a file that cannot be written): the next mails
 * would fail the same way. A 4xx answer to one recipient or message is that mail's alone.
 */
export function isServerUnavailable(error: unknown): boolean {
  const e = error as { responseCode?: unknown; code?: unknown };
  return typeof e.responseCode !== "number" || e.responseCode === 421 || e.code === "EAUTH";
}

/** A failure as the inbox shows it: the server's answer, or what went wrong on the way. */
export function describeMailError(error: unknown): string {
  const e = error as { response?: unknown; code?: unknown; message?: unknown };
  const text = typeof e.response === "string" && e.response ? e.response : typeof e.message === "string" ? e.message : String(error);
  const code = typeof e.code === "string" ? ` (${e.code})` : "";
  return `${text.replace(/\s+/g, " ").trim()}${code}`.slice(0, 500);
}
