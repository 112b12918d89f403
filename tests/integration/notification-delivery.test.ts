import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, openDatabase, rows, type DatabaseHandle } from "~db/client.server";
import { contactMessages, notifications } from "~db/schema";
import { setClock } from "~/models/clock.server";
import { countContactMessages, eraseMessagesFrom, saveContactMessage, type ContactMessage } from "~/models/contact-messages.server";
import { getMessageSettings, recipientsFor, updateNotificationRouting } from "~/models/message-settings.server";
import {
  claimDueNotifications,
  GIVE_UP_AFTER_MS,
  markNotificationSent,
  nextNotificationDueAt,
  queueNotifications,
  type Notification,
} from "~/models/notifications.server";
import { action as contactAction } from "~/routes/_site.contact";
import { loadConfig, type Config } from "~/server/config.server";
import { deliverDue, retryDelayMs, startDelivery, type DeliveryOptions } from "~/server/mail/delivery.server";
import { createMailTransport, forgetMailFiles, mailFilePath, type MailTransport } from "~/server/mail/mail-transport.server";
import { notificationComposer } from "~/server/mail/notification-delivery.server";
import type { ContactActionData } from "~/utils/contact";
import { freshAddress } from "../helpers/api-client";
import { eventually, resetSmtpPeer, startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../helpers/smtp-peer";

/**
 * E-mail notifications of contact messages through the outbox, against the real database and a real SMTP
 * server on loopback: routing, what the e-mail says, header injection, retries and giving up, no double
 * sends between racing instances, the .eml fallback, the delivery loop waking on a new message, and
 * erasure before delivery. Time is moved with setClock rather than waited for.
 */

const OPERATOR = { userId: null, email: "admin@kestrelinsight.example" };
const MAIL_FROM = "Kestrel Insight <notify@kestrel.example>";
const OPS = "ops@kestrel.example";
const HIRING = "hiring@kestrel.example";
const CTO = "cto@kestrel.example";
const PRESS = "press@kestrel.example";

let peer: SmtpPeer;
let tmp: string;
let config: Config;
const transports: MailTransport[] = [];

/** An SMTP transport to the peer, closed after the test. */
function smtpTransport(mailConfig: Config["mail"] = config.mail): MailTransport {
  const transport = createMailTransport(mailConfig);
  if (!transport) throw new Error("mail is off in this configuration");
  transports.push(transport);
  return transport;
}

/** The e-mail of a claimed notification, as the server composes it. */
const composeWith = notificationComposer;

function deliveryTo(transport: MailTransport, extra: Partial<DeliveryOptions> = {}): DeliveryOptions {
  return { transport, compose: composeWith(config), ...extra };
}

// --- time ---------------------------------------------------------------------------------------------

let clockAt = new Date();
/** Stops the app's clock at `at` (now by default); `advance` moves it. Restored after each test. */
function freezeClock(at: Date = new Date()): Date {
  clockAt = new Date(at);
  setClock(() => new Date(clockAt));
  return clockAt;
}
function advance(ms: number): Date {
  clockAt = new Date(clockAt.getTime() + ms);
  return clockAt;
}

// --- rows ---------------------------------------------------------------------------------------------

async function notificationsOfMessage(messageId: number): Promise<Notification[]> {
  return getDb().select().from(notifications).where(eq(notifications.messageId, messageId)).orderBy(asc(notifications.id));
}

async function notificationRow(id: number): Promise<Notification | undefined> {
  const [row] = await getDb().select().from(notifications).where(eq(notifications.id, id));
  return row;
}

async function onlyNotificationOf(message: ContactMessage): Promise<Notification> {
  const found = await notificationsOfMessage(message.id);
  expect(found).toHaveLength(1);
  return found[0]!;
}

let visitors = 0;
/** A message to the default recipients, stored as the contact form stores it. */
function saveMessage(fields: Partial<{ name: string; email: string; subject: string; message: string }> = {}): Promise<ContactMessage> {
  visitors += 1;
  return saveContactMessage({
    name: "Grace Hopper",
    email: `visitor-${visitors}@example.org`,
    subject: "General Inquiry",
    message: `Message number ${visitors}: please call me back.`,
    ...fields,
  });
}

// --- the peer -----------------------------------------------------------------------------------------

const messageIdOf = (notificationId: number) => `<notification-${notificationId}@localhost>`;
const mailsOf = (notificationId: number): ReceivedMail[] =>
  peer.received.filter((mail) => mail.parsed.messageId === messageIdOf(notificationId));
const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => ({ name: entry.name, address: entry.address })));
/** The header block of a raw mail, as the peer received it. */
const headOf = (mail: ReceivedMail) => mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));

// --- the contact action -------------------------------------------------------------------------------

async function submitContact(fields: Record<string, string>) {
  const request = new Request("http://localhost:3000/contact", { method: "POST", body: new URLSearchParams(fields) });
  const answer = await contactAction({ request, context: { cspNonce: "", clientAddress: freshAddress(), peerAddress: "127.0.0.1" }, params: {} });
  return { status: answer.init?.status ?? 200, body: answer.data as ContactActionData };
}

async function messagesFrom(email: string): Promise<ContactMessage[]> {
  return getDb().select().from(contactMessages).where(eq(contactMessages.email, email)).orderBy(asc(contactMessages.id));
}

beforeAll(async () => {
  // "Down" means down: a pooled connection left open is closed soon after stop(), not after 30 s.
  peer = await startSmtpPeer({ closeTimeoutMs: 200 });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-mail-"));
  config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    SESSION_SECRET: "x".repeat(40),
    SMTP_URL: peer.url,
    MAIL_FROM,
    DATA_DIR: tmp,
  });
  expect(config.mail.mode).toBe("smtp");
  const routed = await updateNotificationRouting(
    {
      defaultRecipients: [OPS],
      routes: [
        { subject: "Career Inquiry", recipients: [HIRING, CTO] },
        { subject: "Press Inquiry", recipients: [PRESS] },
      ],
    },
    OPERATOR,
  );
  expect(routed.ok).toBe(true);
});

beforeEach(async () => {
  // Each test starts with an empty outbox and a peer that has seen nothing.
  await getDb().delete(notifications);
  resetSmtpPeer(peer);
});

afterEach(() => {
  setClock(null);
  for (const transport of transports.splice(0)) transport.close();
});

afterAll(async () => {
  await peer?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("routing: who is told of a message", () => {
  it("stores the message and one queued notification per routed recipient before the action answers, then delivers exactly to them", async () => {
    const settings = await getMessageSettings();
    const cases = [
      { subject: "Career Inquiry", expected: [CTO, HIRING] },
      { subject: "Press Inquiry", expected: [PRESS] },
      // A preset typed in another case or with spaces around it is still that preset.
      { subject: "  career INQUIRY  ", expected: [CTO, HIRING] },
      { subject: "press inquiry", expected: [PRESS] },
      // A preset without recipients of its own, and a subject that is no preset, go to the defaults.
      { subject: "General Inquiry", expected: [OPS] },
      { subject: "A partnership idea", expected: [OPS] },
      // Spaces inside are not ignored: recipientsFor says which list it is.
      { subject: "Press  Inquiry", expected: [...recipientsFor(settings, "Press  Inquiry")].sort() },
    ];

    const queued = new Map<number, { expected: string[]; ids: number[] }>();
    for (const [index, entry] of cases.entries()) {
      const email = `routing-${index}@visitor.example`;
      const answer = await submitContact({ name: "Ada Lovelace", email, subject: entry.subject, message: "Please route this message correctly." });
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe("success");

      // Committed when the action answers: the message and its notifications, none of them sent yet.
      const [message, ...more] = await messagesFrom(email);
      expect(more).toHaveLength(0);
      expect(message).toMatchObject({ subject: entry.subject.trim(), name: "Ada Lovelace" });
      const rowsNow = await notificationsOfMessage(message!.id);
      expect(rowsNow.map((row) => row.recipient).sort()).toEqual(entry.expected);
      expect([...recipientsFor(settings, entry.subject)].sort()).toEqual(entry.expected);
      for (const row of rowsNow) expect(row).toMatchObject({ status: "queued", attempts: 0, sentAt: null, claimToken: null });
      queued.set(message!.id, { expected: entry.expected, ids: rowsNow.map((row) => row.id) });
    }
    expect(peer.received).toHaveLength(0);

    const round = await deliverDue(deliveryTo(smtpTransport()));
    const total = [...queued.values()].reduce((sum, entry) => sum + entry.ids.length, 0);
    expect(round).toEqual({ sent: total, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(total);

    for (const [messageId, { expected, ids }] of queued) {
      const mails = ids.flatMap(mailsOf);
      // One e-mail per recipient, each addressed (RCPT TO and To:) to that recipient alone.
      expect(mails).toHaveLength(expected.length);
      for (const mail of mails) {
        expect(mail.envelopeTo).toHaveLength(1);
        expect(addressesOf(mail.parsed.to).map((to) => to.address)).toEqual(mail.envelopeTo);
        expect(mail.parsed.text).toContain(`/admin/messages/${messageId}`);
      }
      expect(mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual(expected);
      for (const row of await notificationsOfMessage(messageId)) {
        expect(row).toMatchObject({ status: "sent", attempts: 1, deliveredVia: "smtp", lastError: null, claimToken: null });
      }
    }
  });
});

describe("the e-mail", () => {
  it("comes from MAIL_FROM, answers to the visitor, and carries the message, escaped in HTML", async () => {
    const email = "ada.lovelace@example.org";
    const text = `Hello <b>team</b> & "friends" — it's <script>alert('x')</script>\nSecond line.`;
    const answer = await submitContact({ name: "Ada Lovelace", email, subject: "Investment Inquiry", message: text });
    expect(answer.status).toBe(200);
    const [message] = await messagesFrom(email);
    const row = await onlyNotificationOf(message!);

    await deliverDue(deliveryTo(smtpTransport()));
    const [mail, ...more] = mailsOf(row.id);
    expect(more).toHaveLength(0);
    const parsed = mail!.parsed;

    // From the site, never the visitor; the envelope sender is the site's too.
    expect(addressesOf(parsed.from)).toEqual([{ name: "Kestrel Insight", address: "notify@kestrel.example" }]);
    expect(mail!.envelopeFrom).toBe("notify@kestrel.example");
    expect(addressesOf(parsed.replyTo)).toEqual([{ name: "Ada Lovelace", address: email }]);
    expect(addressesOf(parsed.to)).toEqual([{ name: "", address: OPS }]);
    expect(mail!.envelopeTo).toEqual([OPS]);
    expect(parsed.subject).toBe("New message from Ada Lovelace: Investment Inquiry");
    expect(parsed.messageId).toBe(`<notification-${row.id}@localhost>`);
    expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");

    const link = `http://localhost:3000/admin/messages/${message!.id}`;
    for (const part of ["Ada Lovelace", email, "Investment Inquiry", link]) {
      expect(parsed.text).toContain(part);
      expect(parsed.html).toContain(part);
    }
    expect(parsed.text).toContain(text);
    expect(parsed.text).toMatch(/Received:/);
    // In HTML, what the visitor typed is text, never markup.
    const html = parsed.html as string;
    expect(html).toContain("Hello &#60;b&#62;team&#60;/b&#62; &#38; &#34;friends&#34; — it&#39;s &#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>team</b>");
    expect(html).toContain(`href="${link}"`);
  });
});

describe("header injection", () => {
  const injections = ["\r\nBcc: victim@example.com", "\nBcc: victim@example.com", "\u2028Bcc: victim@example.com", "\rCc: victim@example.com"];

  it.each(injections)("a name and subject carrying %j are stored as typed, and the mail goes to the routed recipient alone", async (injected) => {
    const email = `inject-${injections.indexOf(injected)}@visitor.example`;
    const name = `Mallory${injected}`;
    const subject = `Hello${injected}`;
    const answer = await submitContact({ name, email, subject, message: `Body line${injected}\nend.` });
    expect(answer.status).toBe(200);
    const [message] = await messagesFrom(email);
    // Stored as typed: the inbox shows what was sent.
    expect(message).toMatchObject({ name, subject });
    const row = await onlyNotificationOf(message!);
    expect(row.recipient).toBe(OPS);

    await deliverDue(deliveryTo(smtpTransport()));
    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.envelopeTo).toEqual([OPS]);
    expect(addressesOf(mail.parsed.to).map((to) => to.address)).toEqual([OPS]);
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.parsed.cc).toBeUndefined();
    expect(headOf(mail)).not.toMatch(/^(bcc|cc|resent-[a-z]+):/im);
    // Exactly one To, one Reply-To and one Subject header, and the subject on one line.
    expect(headOf(mail).match(/^to:/gim)).toHaveLength(1);
    expect(headOf(mail).match(/^reply-to:/gim)).toHaveLength(1);
    expect(headOf(mail).match(/^subject:/gim)).toHaveLength(1);
    expect(mail.parsed.subject).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(mail.parsed.subject).toMatch(/^New message from Mallory [A-Za-z]+: victim@example\.com: Hello [A-Za-z]+: victim@example\.com$/);
    expect(addressesOf(mail.parsed.replyTo)).toEqual([{ name: expect.stringMatching(/^Mallory [A-Za-z]+: victim@example\.com$/), address: email }]);
  });

  it.each([
    ["a CR/LF and a Bcc header", "visitor@example.org\r\nBcc: victim@example.com"],
    ["a LF and a second address", "visitor@example.org\nvictim@example.com"],
    ["a comma list", "visitor@example.org,victim@example.com"],
    ["a comma list with a space", "visitor@example.org, victim@example.com"],
    ["a semicolon list", "visitor@example.org;victim@example.com"],
    ["a display name", "Visitor <visitor@example.org>"],
  ])("refuses an e-mail address with %s (400), storing and queueing nothing", async (_what, email) => {
    const before = await countContactMessages();
    const answer = await submitContact({ name: "Mallory", email, subject: "General Inquiry", message: "Let me in, please, right now." });
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe("invalid");
    expect(answer.body.result?.error?.email).toEqual(["Please enter a valid email address"]);
    expect(await countContactMessages()).toBe(before);
    expect(await getDb().select().from(notifications)).toHaveLength(0);
  });
});

describe("retries", () => {
  it("keeps a notification queued after a 451 and sends it exactly once when the server takes it", async () => {
    const start = freezeClock();
    const message = await saveMessage();
    const { id } = await onlyNotificationOf(message);
    const transport = smtpTransport();

    peer.mode = "refuse-temporarily";
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(peer.refused).toEqual([{ to: OPS, code: 451 }]);
    const waiting = (await notificationRow(id))!;
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, sentAt: null, claimToken: null, claimedUntil: null });
    expect(waiting.lastError).toMatch(/451/);
    expect(waiting.lastError).toMatch(/Try again later/);
    expect(waiting.firstAttemptAt?.getTime()).toBe(start.getTime());
    const wait = waiting.nextAttemptAt.getTime() - start.getTime();
    expect(wait).toBeGreaterThanOrEqual(5_000);
    expect(wait).toBeLessThanOrEqual(10_000);
    expect((await nextNotificationDueAt())?.getTime()).toBe(waiting.nextAttemptAt.getTime());

    // Not before its time, even with the server accepting again.
    peer.mode = "accept";
    advance(wait - 1);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);

    const sentAt = advance(1);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await notificationRow(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null, deliveredVia: "smtp", sentAt });

    advance(60 * 60_000);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailsOf(id)).toHaveLength(1);
    expect(peer.received).toHaveLength(1);
    expect(await nextNotificationDueAt()).toBeNull();
  });

  it("retries when the server is down, and delivers once it is back", async () => {
    const start = freezeClock();
    const transport = smtpTransport();
    // A first notification leaves the transport's pooled connection open when the server goes down.
    const earlier = await onlyNotificationOf(await saveMessage());
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailsOf(earlier.id)).toHaveLength(1);

    const message = await saveMessage();
    const { id } = await onlyNotificationOf(message);
    await peer.stop();
    try {
      expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    } finally {
      await peer.start();
    }
    const waiting = (await notificationRow(id))!;
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
    const wait = waiting.nextAttemptAt.getTime() - start.getTime();
    expect(wait).toBeGreaterThanOrEqual(5_000);
    expect(wait).toBeLessThanOrEqual(10_000);

    advance(10_000);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await notificationRow(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(mailsOf(id)).toHaveLength(1);
    expect(peer.received).toHaveLength(2);
  });

  it("claims no more while the server cannot be reached, rather than failing (and putting off) every row due", async () => {
    freezeClock();
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await onlyNotificationOf(await saveMessage())).id);
    const transport = smtpTransport();
    await peer.stop();
    let round;
    try {
      round = await deliverDue(deliveryTo(transport, { batchSize: 1, sendsAtOnce: 1 }));
    } finally {
      await peer.start();
    }
    // The rows already claimed when the first send failed are tried; the rest wait untouched.
    expect(round.retrying).toBeGreaterThan(0);
    expect(round.retrying).toBeLessThanOrEqual(3);
    const untouched = (await Promise.all(ids.map(notificationRow))).filter((row) => row?.attempts === 0);
    expect(untouched.length).toBe(10 - round.retrying);

    advance(10_000);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 10, retrying: 0, failed: 0 });
    expect(new Set(peer.received.map((mail) => mail.parsed.messageId)).size).toBe(10);
  });

  it("waits twice as long after each failure, at most 10 minutes", async () => {
    const start = freezeClock();
    const message = await saveMessage();
    const { id } = await onlyNotificationOf(message);
    const transport = smtpTransport();
    peer.mode = "refuse-temporarily";

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 9; attempt++) {
      const before = clockAt.getTime();
      // The highest delay the jitter allows: the ceiling itself.
      expect(await deliverDue(deliveryTo(transport, { random: () => 1 }))).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const row = (await notificationRow(id))!;
      expect(row.attempts).toBe(attempt);
      waits.push(row.nextAttemptAt.getTime() - before);
      clockAt = new Date(row.nextAttemptAt);
    }
    expect(waits).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000, 600_000]);
    expect(waits).toEqual(waits.map((_, index) => retryDelayMs(index + 1, () => 1)));
    expect(peer.refused).toHaveLength(9);
    // Still under 24 hours since the first attempt: still queued.
    expect(clockAt.getTime() - start.getTime()).toBeLessThan(GIVE_UP_AFTER_MS);
    expect(await notificationRow(id)).toMatchObject({ status: "queued", firstAttemptAt: start });
  });

  it("gives up 24 hours after the first attempt, and marks the notification failed", async () => {
    const start = freezeClock();
    const message = await saveMessage();
    const { id } = await onlyNotificationOf(message);
    const transport = smtpTransport();
    peer.mode = "refuse-temporarily";

    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    // A minute short of 24 hours: one more retry is scheduled.
    advance(GIVE_UP_AFTER_MS - 60_000);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await notificationRow(id)).toMatchObject({ status: "queued", attempts: 2, firstAttemptAt: start });

    advance(60_000);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const failed = (await notificationRow(id))!;
    expect(failed).toMatchObject({ status: "failed", attempts: 3, sentAt: null, claimToken: null });
    expect(failed.lastError).toMatch(/^Gave up after 24 hours/);
    expect(failed.lastError).toMatch(/451/);

    // Failed is final: the server accepting again sends nothing.
    peer.mode = "accept";
    advance(60 * 60_000);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);
    expect(await nextNotificationDueAt()).toBeNull();
  });

  it("marks a notification failed at once on a 550, without retrying", async () => {
    freezeClock();
    const message = await saveMessage();
    const { id } = await onlyNotificationOf(message);
    const transport = smtpTransport();
    peer.mode = "refuse-permanently";

    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const failed = (await notificationRow(id))!;
    expect(failed).toMatchObject({ status: "failed", attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/550/);
    expect(failed.lastError).toMatch(/No such mailbox/);
    expect(failed.lastError).not.toMatch(/Gave up/);

    peer.mode = "accept";
    advance(60 * 60_000);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.refused).toHaveLength(1);
    expect(peer.received).toHaveLength(0);
  });
});

describe("no double sends", () => {
  it("two delivery passes racing over 60 notifications send each exactly once", async () => {
    const saved: ContactMessage[] = [];
    for (let i = 0; i < 20; i++) saved.push(await saveMessage({ subject: "Career Inquiry" }));
    for (let i = 0; i < 20; i++) saved.push(await saveMessage());
    const queued = await getDb()
      .select()
      .from(notifications)
      .where(inArray(notifications.messageId, saved.map((message) => message.id)));
    expect(queued).toHaveLength(60);

    const sends = new Map<number, number>();
    const counting = (transport: MailTransport): MailTransport => ({
      ...transport,
      async send(mail, id) {
        sends.set(id, (sends.get(id) ?? 0) + 1);
        await transport.send(mail, id);
      },
    });
    const [a, b] = await Promise.all([
      deliverDue(deliveryTo(counting(smtpTransport()), { batchSize: 3 })),
      deliverDue(deliveryTo(counting(smtpTransport()), { batchSize: 3 })),
    ]);
    // Both passes took part: the race was real.
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(a.sent + b.sent).toBe(60);
    expect(a.retrying + b.retrying + a.failed + b.failed).toBe(0);

    expect(sends.size).toBe(60);
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    expect(peer.received).toHaveLength(60);
    const ids = peer.received.map((mail) => mail.parsed.messageId);
    expect(new Set(ids).size).toBe(60);
    expect(new Set(ids)).toEqual(new Set(queued.map((row) => messageIdOf(row.id))));
    const after = await getDb().select().from(notifications);
    expect(after.every((row) => row.status === "sent" && row.attempts === 1 && row.claimToken === null)).toBe(true);
  });

  it("takes up a notification claimed by an instance that died only once its lease lapses, and sends it once", async () => {
    const start = freezeClock();
    const message = await saveMessage();
    const { id } = await onlyNotificationOf(message);

    // Another instance claims it for a minute and dies before sending.
    const [dead, ...others] = await claimDueNotifications(10, 60_000);
    expect(others).toHaveLength(0);
    expect(dead).toMatchObject({ id, attempts: 1 });
    expect(await notificationRow(id)).toMatchObject({ status: "queued", claimToken: dead!.claimToken, claimedUntil: new Date(start.getTime() + 60_000) });
    expect((await nextNotificationDueAt())?.getTime()).toBe(start.getTime() + 60_000);

    const transport = smtpTransport();
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    advance(60_000);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);

    advance(1);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await notificationRow(id)).toMatchObject({ status: "sent", attempts: 2, claimToken: null });
    expect(mailsOf(id)).toHaveLength(1);

    // The dead instance's claim is no longer its own: it cannot record anything over the real outcome.
    expect(await markNotificationSent(id, dead!.claimToken, "file", new Date(0))).toBe(false);
    expect(await notificationRow(id)).toMatchObject({ status: "sent", deliveredVia: "smtp", sentAt: clockAt });
    advance(10 * 60_000);
    expect(await deliverDue(deliveryTo(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(1);
  });
});

describe("the pipeline: claims, sends and records overlap", () => {
  /** A transport that holds the first mail it is given until `release()`, and sends the rest at once. */
  function holdingTheFirst(transport: MailTransport) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: (id: number) => void;
    const firstStarted = new Promise<number>((resolve) => (started = resolve));
    let held = false;
    const holding: MailTransport = {
      ...transport,
      async send(mail, id) {
        if (!held) {
          held = true;
          started(id);
          await released;
        }
        await transport.send(mail, id);
      },
    };
    return { transport: holding, firstStarted, release };
  }

  const sentRows = async () => (await getDb().select().from(notifications).where(eq(notifications.status, "sent"))).length;

  it("sends and records each mail as soon as it can, never waiting for the rest of its claim", async () => {
    for (let i = 0; i < 6; i++) await saveMessage();
    const held = holdingTheFirst(smtpTransport());
    const delivering = deliverDue(deliveryTo(held.transport, { batchSize: 2, sendsAtOnce: 2 }));
    const firstId = await held.firstStarted;

    // The first claim's other row, and the later claims' rows, go out and are recorded while it is held.
    await eventually(() => peer.received.length === 5, "the five others were mailed");
    await eventually(async () => (await sentRows()) === 5, "the five others were recorded as sent");
    expect(mailsOf(firstId)).toHaveLength(0);
    expect(await notificationRow(firstId)).toMatchObject({ status: "queued", attempts: 1, claimToken: expect.any(String) });

    held.release();
    expect(await delivering).toEqual({ sent: 6, retrying: 0, failed: 0 });
    expect(mailsOf(firstId)).toHaveLength(1);
    expect(await sentRows()).toBe(6);
  });

  it("gives back a claimed row whose lease is too near its end to begin its send, and sends it on the next claim", async () => {
    freezeClock();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await onlyNotificationOf(await saveMessage())).id);
    const held = holdingTheFirst(smtpTransport());
    // One claim takes all three (a lease of 2 minutes); one mail at a time, and the first is held...
    const delivering = deliverDue(deliveryTo(held.transport, { sendsAtOnce: 1 }));
    const firstId = await held.firstStarted;
    // ...until less than a minute of the lease is left: too little for a send that may take that long.
    advance(61_000);
    held.release();
    expect(await delivering).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(1);
    const others = ids.filter((id) => id !== firstId);
    for (const id of others) {
      expect(await notificationRow(id)).toMatchObject({ status: "queued", attempts: 1, claimToken: null, claimedUntil: null });
    }

    expect(await deliverDue(deliveryTo(smtpTransport()))).toEqual({ sent: 2, retrying: 0, failed: 0 });
    for (const id of others) expect(await notificationRow(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(new Set(peer.received.map((mail) => mail.parsed.messageId)).size).toBe(3);
  });

  it("on stop, finishes the mail it is sending and gives back at once the rows it claimed and had not begun", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await onlyNotificationOf(await saveMessage())).id);
    const held = holdingTheFirst(smtpTransport());
    const loop = await startDelivery({ listen: async () => async () => {} }, { ...deliveryTo(held.transport), sendsAtOnce: 1 });
    const firstId = await held.firstStarted;
    const stopping = loop.stop();
    const others = ids.filter((id) => id !== firstId);
    // Given back while the first is still being sent: due again for another instance at once.
    await eventually(async () => {
      const rowsNow = await Promise.all(others.map(notificationRow));
      return rowsNow.every((row) => row?.status === "queued" && row.claimToken === null);
    }, "the rows not begun were given back");
    held.release();
    await stopping;
    expect(await notificationRow(firstId)).toMatchObject({ status: "sent", attempts: 1, claimToken: null });
    expect(peer.received).toHaveLength(1);
    expect(mailsOf(firstId)).toHaveLength(1);
  });
});

describe("the .eml fallback of a local site without SMTP_URL", () => {
  it("writes notification-{id}.eml into DATA_DIR/mail and records it as sent by file; forgetMailFiles removes it", async () => {
    const dataDir = path.join(tmp, "file-site");
    const fileConfig = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", SESSION_SECRET: "x".repeat(40), DATA_DIR: dataDir });
    expect(fileConfig.mail.mode).toBe("file");
    expect(fileConfig.mail.fileDir).toBe(path.join(dataDir, "mail"));
    const transport = smtpTransport(fileConfig.mail);
    expect(transport.via).toBe("file");

    const message = await saveMessage({ name: "Ada Lovelace", email: "ada.file@example.org", subject: "Press Inquiry", message: "Written to a file <ok>." });
    const { id, recipient } = await onlyNotificationOf(message);
    expect(recipient).toBe(PRESS);
    expect(await deliverDue({ transport, compose: composeWith(fileConfig) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await notificationRow(id)).toMatchObject({ status: "sent", deliveredVia: "file", attempts: 1, lastError: null });
    expect(peer.received).toHaveLength(0);

    const file = mailFilePath(fileConfig.mail.fileDir, id);
    expect(file).toBe(path.join(dataDir, "mail", `notification-${id}.eml`));
    expect(fs.readdirSync(fileConfig.mail.fileDir)).toEqual([`notification-${id}.eml`]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(fileConfig.mail.fileDir).mode & 0o777).toBe(0o700);
    const parsed: ParsedMail = await simpleParser(fs.readFileSync(file));
    expect(addressesOf(parsed.from)).toEqual([{ name: "Kestrel Insight", address: "notifications@localhost" }]);
    expect(addressesOf(parsed.to)).toEqual([{ name: "", address: PRESS }]);
    expect(addressesOf(parsed.replyTo)).toEqual([{ name: "Ada Lovelace", address: "ada.file@example.org" }]);
    expect(parsed.subject).toBe("New message from Ada Lovelace: Press Inquiry");
    expect(parsed.messageId).toBe(messageIdOf(id));
    expect(parsed.text).toContain("Written to a file <ok>.");
    expect(parsed.html).toContain("Written to a file &#60;ok&#62;.");

    await forgetMailFiles(fileConfig.mail.fileDir, [id]);
    expect(fs.existsSync(file)).toBe(false);
    // Already gone is fine.
    await expect(forgetMailFiles(fileConfig.mail.fileDir, [id, id + 1000])).resolves.toBeUndefined();
  });
});

describe("the delivery loop", () => {
  /** A handle whose listen() is the database's own on PostgreSQL; the embedded database has no LISTEN. */
  async function listener(): Promise<{ handle: Pick<DatabaseHandle, "listen">; close: () => Promise<void> }> {
    const server = process.env.DATABASE_URL;
    if (!server) return { handle: { listen: async () => async () => {} }, close: async () => {} };
    const [row] = await rows<{ name: string }>(getDb(), sql`select current_database() as name`);
    const url = new URL(server);
    url.pathname = `/${row!.name}`;
    const handle = openDatabase({ databaseUrl: url.toString() });
    return { handle, close: () => handle.close() };
  }

  it("wakes on a new message rather than polling, and sends nothing once stopped", async () => {
    const { handle, close } = await listener();
    const transport = smtpTransport();
    const log: string[] = [];
    const loop = await startDelivery(handle, { ...deliveryTo(transport), idleMs: 60_000, log: (line) => log.push(line) });
    try {
      // Let it find the outbox empty and go to sleep for idleMs. Going to sleep is silent (nothing to await):
      // its first claim on an empty outbox takes a few milliseconds, so 300 ms is well past it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const message = await saveMessage();
      const { id } = await onlyNotificationOf(message);
      await eventually(() => mailsOf(id).length === 1, "the peer received the new message's notification", 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      await eventually(async () => (await notificationRow(id))?.status === "sent", "the notification is recorded as sent", 2_000);
    } finally {
      await loop.stop();
      await close();
    }
    // Stopping twice is harmless.
    await expect(loop.stop()).resolves.toBeUndefined();

    const after = await saveMessage();
    const { id: late } = await onlyNotificationOf(after);
    // That nothing is sent cannot be awaited: a second is five times what a mail took to arrive above.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(mailsOf(late)).toHaveLength(0);
    expect(await notificationRow(late)).toMatchObject({ status: "queued", attempts: 0 });
    expect(peer.received).toHaveLength(1);
    expect(log.join("\n")).not.toMatch(/paused/);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("wakes on another instance's NOTIFY (PostgreSQL)", async () => {
    const { handle, close } = await listener();
    const loop = await startDelivery(handle, { ...deliveryTo(smtpTransport()), idleMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Queued as another instance would: nothing here calls this instance's wakeDelivery().
      const id = await getDb().transaction(async (tx) => {
        const [message] = await tx
          .insert(contactMessages)
          .values({ name: "Other Instance", email: "other@example.org", subject: "General Inquiry", message: "Stored by another instance." })
          .returning();
        await queueNotifications(tx, message!.id, [OPS]);
        return message!.id;
      });
      const [row] = await notificationsOfMessage(id);
      await eventually(() => mailsOf(row!.id).length === 1, "the peer received the other instance's notification", 2_000);
    } finally {
      await loop.stop();
      await close();
    }
  });
});

describe("erasure before delivery", () => {
  it("drops the notification of an erased message instead of sending it", async () => {
    freezeClock();
    const email = "erase.me@example.org";
    const message = await saveMessage({ email, subject: "Career Inquiry" });
    expect(await notificationsOfMessage(message.id)).toHaveLength(2);
    const kept = await saveMessage();

    const erased = await eraseMessagesFrom(email, OPERATOR);
    expect(erased.messages).toBe(1);
    expect(erased.notificationIds).toHaveLength(2);
    expect(await notificationsOfMessage(message.id)).toHaveLength(0);

    expect(await deliverDue(deliveryTo(smtpTransport()))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]!.envelopeTo).toEqual([OPS]);
    expect(peer.received[0]!.parsed.text).toContain(`/admin/messages/${kept.id}`);
    expect(peer.received.some((mail) => mail.raw.includes(email))).toBe(false);
  });

  it("drops one that a dead instance had claimed, once its lease lapses", async () => {
    freezeClock();
    const email = "erase.claimed@example.org";
    const message = await saveMessage({ email });
    const [claimed] = await claimDueNotifications(10, 60_000);
    expect(claimed?.message?.id).toBe(message.id);

    await eraseMessagesFrom(email, OPERATOR);
    advance(60_001);
    expect(await deliverDue(deliveryTo(smtpTransport()))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);
    expect(await getDb().select().from(notifications)).toHaveLength(0);
    expect(await markNotificationSent(claimed!.id, claimed!.claimToken, "smtp")).toBe(false);
  });

  // A local site's notification is a file with the visitor's name, address and message. When the person's
  // messages are erased (admin.messages.erase: the rows, then their files) while this instance is writing
  // that file, the file is written after its removal and nothing refers to it any more: neither a later
  // erasure nor the retention purge will ever remove it. Intended: no copy is left behind.
  it("leaves no .eml file behind when the message is erased while its notification is being written", async () => {
    const fileConfig = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: "http://localhost:3000",
      SESSION_SECRET: "x".repeat(40),
      DATA_DIR: path.join(tmp, "erase-race"),
    });
    const files = smtpTransport(fileConfig.mail);
    const email = "erase.during@example.org";
    const message = await saveMessage({ email });
    const { id } = await onlyNotificationOf(message);

    const erasedMeanwhile: MailTransport = {
      ...files,
      async send(mail, notificationId) {
        // The operator's erasure lands between the claim and the write.
        const erased = await eraseMessagesFrom(email, OPERATOR);
        expect(erased.notificationIds).toEqual([id]);
        await forgetMailFiles(fileConfig.mail.fileDir, erased.notificationIds);
        await files.send(mail, notificationId);
      },
    };
    await deliverDue({ transport: erasedMeanwhile, compose: composeWith(fileConfig) });
    expect(await notificationRow(id)).toBeUndefined();
    expect(await messagesFrom(email)).toHaveLength(0);
    expect(fs.existsSync(mailFilePath(fileConfig.mail.fileDir, id))).toBe(false);
  });
});
