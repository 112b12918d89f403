import fs from "node:fs";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { auditLog, contactMessages, notifications } from "~db/schema";
import type { AdminFormReply } from "~/components/admin/form-reply";
import type { Actor } from "~/models/actor";
import { setClock } from "~/models/clock.server";
import { purgeExpiredMessages, RETENTION_ACTOR, saveContactMessage, setContactMessageRead, type ContactMessage } from "~/models/contact-messages.server";
import { publishLegalVersion } from "~/models/legal-documents.server";
import { readMessageSettings, updateMessageRetention, updateNotificationRouting } from "~/models/message-settings.server";
import { upsertUser } from "~/models/sessions.server";
import * as inbox from "~/routes/admin.messages";
import * as messagePage from "~/routes/admin.messages.$id";
import * as csvExport from "~/routes/admin.messages[.]csv";
import * as erasePage from "~/routes/admin.messages.erase";
import * as jsonExport from "~/routes/admin.messages.export[.]json";
import * as retentionPage from "~/routes/admin.messages.retention";
import { loader as privacyLoader } from "~/routes/_site.privacy";
import { loader as searchLoader } from "~/routes/_site.search";
import { NOTIFICATION_MESSAGES } from "~/schemas/notification-settings";
import { runMaintenance } from "~/server/http/maintenance.server";
import { deliverDue } from "~/server/mail/delivery.server";
import { createMailTransport, mailFilePath, type MailTransport } from "~/server/mail/mail-transport.server";
import { notificationComposer } from "~/server/mail/notification-delivery.server";
import { PERSON_EMAIL_MESSAGE } from "~/server/messages/person-filter.server";
import { parseCsv } from "~/utils/csv";
import { MESSAGE_RETENTION_TOKEN } from "~/utils/legal-facts";
import { invoke, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";
import { testConfig } from "../helpers/setup-env";
import { body, headersOf, redirected } from "../helpers/form-answers";

/**
 * A person's data under UK GDPR, as an operator answers their requests: finding their messages by
 * address, handing them a copy (JSON and CSV), erasing them, and the retention period that deletes
 * messages by itself and that the privacy policy states from the same setting.
 */

let ada: string;
let bob: Actor;

beforeAll(async () => {
  ada = await operatorCookie("admin@kestrelinsight.example");
  const user = await upsertUser("bob@ops.kestrelinsight.example", "Bob");
  bob = { userId: user.id, email: user.email };
});

afterEach(() => setClock(null));

const get = (route: RouteHandlers, path: string, search = "", cookie = ada, params: Record<string, string> = {}) =>
  invoke(route, path, { cookie, search, params });
const post = (route: RouteHandlers, path: string, form: URLSearchParams, search = "", cookie = ada, params: Record<string, string> = {}) =>
  invoke(route, path, { cookie, search, params, method: "POST", body: form });
const emailQuery = (email: string) => `?email=${encodeURIComponent(email)}`;

/**
 * Delivers every notification that is due as a local site does: an .eml file each, in the data folder.
 * `beforeSend` runs as each file is about to be written.
 */
async function deliverToFiles(beforeSend?: () => Promise<void>) {
  const files = createMailTransport(testConfig.mail);
  if (!files || files.via !== "file") throw new Error("a local site writes its mail to files");
  const transport: MailTransport = beforeSend
    ? {
        ...files,
        async send(mail, notificationId) {
          await beforeSend();
          await files.send(mail, notificationId);
        },
      }
    : files;
  try {
    return await deliverDue({
      transport,
      compose: notificationComposer(testConfig),
    });
  } finally {
    transport.close();
  }
}

const mailFile = (notificationId: number) => mailFilePath(testConfig.mail.fileDir, notificationId);

async function notificationRowsOf(messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return getDb().select().from(notifications).where(inArray(notifications.messageId, messageIds)).orderBy(asc(notifications.id));
}

async function messageExists(id: number): Promise<boolean> {
  return (await getDb().select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id))).length > 0;
}

/** Every audit row as text, every column: what a search of the whole table would find. */
async function auditText(): Promise<string> {
  const rows = await getDb().select({ row: sql<string>`audit_log::text` }).from(auditLog);
  expect(rows.length).toBeGreaterThan(0);
  return rows.map((row) => row.row).join("\n");
}

function monthsBefore(at: Date, months: number): Date {
  const date = new Date(at);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/** Zebedee writes in from one address typed in two cases; his neighbours have addresses that nearly match. */
const ZEBEDEE = {
  name: "Zebedee Quarrington",
  email: "zebedee.quarrington@example.org",
  subject: "Boiler in flat 4B",
  phrase: "marmalade-teapot-7731",
};
const OTHERS = [
  { name: "Ottoline Vance", email: "zebedee.quarrington@example.org.uk", subject: "Similar address, other person", message: "A different person at a longer domain." },
  { name: "Percival Aske", email: "xzebedee.quarrington@example.org", subject: "Another near match", message: "A different person whose address ends the same." },
  { name: "Gwendolen Fairfax", email: "gwendolen@example.net", subject: "General Inquiry", message: "Someone else entirely, asking about the fund." },
];

let zebedeeMessages: ContactMessage[] = [];
let otherMessages: ContactMessage[] = [];

beforeAll(async () => {
  const routed = await updateNotificationRouting({ defaultRecipients: ["desk@kestrelinsight.example", "dpo@kestrelinsight.example"], routes: [] }, bob);
  expect(routed.ok).toBe(true);
  const received = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  setClock(() => received(30));
  const first = await saveContactMessage({ name: ZEBEDEE.name, email: ZEBEDEE.email, subject: ZEBEDEE.subject, message: `My boiler is broken. ${ZEBEDEE.phrase} one.` });
  setClock(() => received(20));
  otherMessages.push(await saveContactMessage(OTHERS[0]!));
  setClock(() => received(15));
  const second = await saveContactMessage({
    name: ZEBEDEE.name,
    email: "Zebedee.Quarrington@Example.ORG",
    subject: `${ZEBEDEE.subject}, again`,
    message: `Still cold, "quoted", with a comma. ${ZEBEDEE.phrase} two.`,
  });
  setClock(() => received(10));
  otherMessages.push(await saveContactMessage(OTHERS[1]!));
  otherMessages.push(await saveContactMessage(OTHERS[2]!));
  setClock(null);
  zebedeeMessages = [second, first];
  expect(await setContactMessageRead(first.id, true)).toBe(true);
  // A local site writes each notification to a file: those of everyone above.
  const round = await deliverToFiles();
  expect(round.sent).toBeGreaterThanOrEqual(10);
});

describe("finding one person's messages", () => {
  interface InboxData {
    messages: { id: number; email: string; name: string }[];
    total: number;
    person: { email: string | null; typed: string; error: string | null };
    retentionMonths: number;
  }
  const find = async (search: string) => {
    const answer = await get(inbox, "/admin/messages", search);
    expect(answer.status).toBe(200);
    return body<InboxData>(answer.result);
  };

  it("finds every message from the address, in any case, and nobody else's, newest first", async () => {
    const found = await find(emailQuery("  ZEBEDEE.Quarrington@EXAMPLE.org "));
    expect(found.person).toEqual({ email: ZEBEDEE.email, typed: "ZEBEDEE.Quarrington@EXAMPLE.org", error: null });
    expect(found.total).toBe(2);
    expect(found.messages.map((message) => message.id)).toEqual(zebedeeMessages.map((message) => message.id));
    expect(found.messages.map((message) => message.email)).toEqual(["Zebedee.Quarrington@Example.ORG", ZEBEDEE.email]);
    expect(found.retentionMonths).toBe(24);
  });

  it("an address that is not one is said so, and shows nobody's messages", async () => {
    const found = await find(emailQuery("zebedee.quarrington"));
    expect(found.person).toEqual({ email: null, typed: "zebedee.quarrington", error: PERSON_EMAIL_MESSAGE });
    expect(PERSON_EMAIL_MESSAGE).toBe("Please enter a valid email address");
    expect(found.messages).toEqual([]);
    expect(found.total).toBe(0);
  });

  it("an address nobody wrote from finds nothing; no address is the whole inbox", async () => {
    expect((await find(emailQuery("nobody@example.org"))).messages).toEqual([]);
    const all = await find("");
    expect(all.person).toEqual({ email: null, typed: "", error: null });
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.messages.map((message) => message.id)).toEqual(expect.arrayContaining([...zebedeeMessages, ...otherMessages].map((m) => m.id)));
  });

  it("finds an address with a plus in it, sent encoded as the search form sends it", async () => {
    const message = await saveContactMessage({ name: "Plus Person", email: "Plus+GDPR@example.org", subject: "General Inquiry", message: "My address has a plus sign in it." });
    const found = await find("?email=plus%2Bgdpr%40example.org");
    expect(found.person).toEqual({ email: "plus+gdpr@example.org", typed: "plus+gdpr@example.org", error: null });
    expect(found.messages.map((m) => m.id)).toEqual([message.id]);
  });

  it("is 404 signed out", async () => {
    expect((await get(inbox, "/admin/messages", emailQuery(ZEBEDEE.email), "")).status).toBe(404);
  });
});

describe("exporting one person's messages", () => {
  it("JSON: everything kept about their messages and who was told of them, as an attachment", async () => {
    const started = Date.now();
    const answer = await get(jsonExport, "/admin/messages/export.json", emailQuery("Zebedee.QUARRINGTON@example.org"));
    expect(answer.status).toBe(200);
    const response = answer.result as Response;
    const text = await response.text();
    const exported = JSON.parse(text) as { email: string; exportedAt: string; messages: unknown[] };
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="contact-messages-of-one-person-${exported.exportedAt.slice(0, 10)}.json"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Date.parse(exported.exportedAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(exported.exportedAt)).toBeLessThanOrEqual(Date.now());

    const expected = [];
    for (const kept of zebedeeMessages) {
      const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.id, kept.id));
      const sent = await notificationRowsOf([kept.id]);
      expect(sent.map((n) => n.status)).toEqual(["sent", "sent"]);
      expected.push({
        id: row!.id,
        name: row!.name,
        email: row!.email,
        subject: row!.subject,
        message: row!.message,
        receivedAt: row!.receivedAt.toISOString(),
        readAt: row!.readAt?.toISOString() ?? null,
        notifications: sent.map((n) => ({ recipient: n.recipient, status: n.status, sentAt: n.sentAt!.toISOString() })),
      });
    }
    expect(exported).toEqual({ email: ZEBEDEE.email, exportedAt: exported.exportedAt, messages: expected });
    expect(expected[1]!.readAt).not.toBeNull();
    expect(expected[0]!.notifications.map((n) => n.recipient)).toEqual(["desk@kestrelinsight.example", "dpo@kestrelinsight.example"]);
    for (const other of OTHERS) {
      expect(text).not.toContain(other.email);
      expect(text).not.toContain(other.name);
      expect(text).not.toContain(other.message);
    }
  });

  it("JSON: without an address, or with one that is not, is 400; signed out is 404", async () => {
    const none = (await get(jsonExport, "/admin/messages/export.json")).result as Response;
    expect(none.status).toBe(400);
    expect(none.headers.get("Cache-Control")).toBe("private, no-store");
    expect(JSON.stringify(await none.json())).not.toContain("@");
    const bad = (await get(jsonExport, "/admin/messages/export.json", emailQuery("not an address"))).result as Response;
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: PERSON_EMAIL_MESSAGE });
    expect((await get(jsonExport, "/admin/messages/export.json", emailQuery(ZEBEDEE.email), "")).status).toBe(404);
  });

  it("CSV: one person's rows, exactly, and the same rows the whole inbox's CSV has for them", async () => {
    // The file is named by the day (UTC) it is made: either side of midnight, one of these.
    const days = [new Date().toISOString().slice(0, 10), new Date(Date.now() + 60_000).toISOString().slice(0, 10)];
    const named = (response: Response, prefix: string) =>
      days.map((day) => `attachment; filename="${prefix}-${day}.csv"`).includes(response.headers.get("Content-Disposition") ?? "");
    const answer = await get(csvExport, "/admin/messages.csv", emailQuery("ZEBEDEE.quarrington@example.ORG"));
    expect(answer.status).toBe(200);
    const response = answer.result as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(named(response, "contact-messages-of-one-person")).toBe(true);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte order mark first, so spreadsheet programs read it as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text)!;
    const header = ["Received (UTC)", "Name", "Email", "Subject", "Message", "Read (UTC)"];
    const expected = [];
    for (const kept of zebedeeMessages) {
      const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.id, kept.id));
      expected.push([row!.receivedAt.toISOString(), row!.name, row!.email, row!.subject, row!.message, row!.readAt?.toISOString() ?? ""]);
    }
    expect(rows).toEqual([header, ...expected]);
    for (const other of OTHERS) expect(text).not.toContain(other.email);

    const whole = (await get(csvExport, "/admin/messages.csv")).result as Response;
    expect(whole.status).toBe(200);
    expect(named(whole, "contact-messages")).toBe(true);
    const all = parseCsv(await whole.text())!;
    expect(all[0]).toEqual(header);
    expect(all.slice(1).filter((row) => row[2]!.toLowerCase() === ZEBEDEE.email)).toEqual(rows.slice(1));
    expect(all.length).toBeGreaterThan(rows.length);
  });

  it("CSV: an address that is not one is 400; signed out is 404", async () => {
    const bad = (await get(csvExport, "/admin/messages.csv", emailQuery("zebedee@"))).result as Response;
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(PERSON_EMAIL_MESSAGE);
    expect((await get(csvExport, "/admin/messages.csv", emailQuery(ZEBEDEE.email), "")).status).toBe(404);
  });
});

describe("erasing one person's messages", () => {
  it("is not there signed out (404), and without an address goes back to the inbox", async () => {
    expect((await get(erasePage, "/admin/messages/erase", emailQuery(ZEBEDEE.email), "")).status).toBe(404);
    expect((await post(erasePage, "/admin/messages/erase", new URLSearchParams(), emailQuery(ZEBEDEE.email), "")).status).toBe(404);
    for (const search of ["", emailQuery("not-an-address")]) {
      const page = await get(erasePage, "/admin/messages/erase", search);
      expect(page.status).toBe(302);
      expect((page.result as Response).headers.get("Location")).toBe("/admin/messages");
      const posted = await post(erasePage, "/admin/messages/erase", new URLSearchParams(), search);
      expect(posted.status).toBe(302);
      expect((posted.result as Response).headers.get("Location")).toBe("/admin/messages");
    }
    for (const kept of zebedeeMessages) expect(await messageExists(kept.id)).toBe(true);
  });

  it("confirms how many messages will go, then erases them all with their notifications and mail files, and nobody else's", async () => {
    const confirm = await get(erasePage, "/admin/messages/erase", emailQuery("Zebedee.Quarrington@EXAMPLE.ORG"));
    expect(confirm.status).toBe(200);
    expect(headersOf(confirm.result).get("Cache-Control")).toBe("private, no-store");
    expect(body(confirm.result)).toEqual({ email: ZEBEDEE.email, total: 2 });

    // One more arrives after the confirmation was opened: the request is about the person, so it goes too.
    const late = await saveContactMessage({ name: ZEBEDEE.name, email: "ZEBEDEE.QUARRINGTON@EXAMPLE.ORG", subject: "Sorry, one more", message: `Last one. ${ZEBEDEE.phrase} three.` });
    await deliverToFiles();
    const his = [...zebedeeMessages.map((m) => m.id), late.id];
    const hisNotifications = await notificationRowsOf(his);
    expect(hisNotifications).toHaveLength(6);
    for (const row of hisNotifications) expect(fs.existsSync(mailFile(row.id))).toBe(true);
    expect(fs.readFileSync(mailFile(hisNotifications[0]!.id), "utf8")).toContain(ZEBEDEE.phrase);
    const theirs = await notificationRowsOf(otherMessages.map((m) => m.id));
    expect(theirs).toHaveLength(6);
    for (const row of theirs) expect(fs.existsSync(mailFile(row.id))).toBe(true);
    const auditBefore = await getDb().select({ id: auditLog.id }).from(auditLog);

    const answer = await post(erasePage, "/admin/messages/erase", new URLSearchParams(), emailQuery("Zebedee.Quarrington@EXAMPLE.ORG"));
    expect(await redirected(answer.result)).toEqual({
      status: 302,
      location: "/admin/messages",
      toast: { title: "Success", description: "Erased 3 messages and their notifications." },
    });

    const left = await getDb().select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${ZEBEDEE.email}`);
    expect(left).toEqual([]);
    expect(await notificationRowsOf(his)).toEqual([]);
    expect(await getDb().select().from(notifications).where(inArray(notifications.id, hisNotifications.map((row) => row.id)))).toEqual([]);
    for (const row of hisNotifications) expect(fs.existsSync(mailFile(row.id))).toBe(false);

    // Nobody else's: their messages, notifications and files are all still there.
    for (const other of otherMessages) expect(await messageExists(other.id)).toBe(true);
    expect(await notificationRowsOf(otherMessages.map((m) => m.id))).toEqual(theirs);
    for (const row of theirs) expect(fs.existsSync(mailFile(row.id))).toBe(true);

    // The inbox and the exports have nothing of him any more.
    expect(body<{ total: number }>((await get(inbox, "/admin/messages", emailQuery(ZEBEDEE.email))).result).total).toBe(0);
    const exported = (await get(jsonExport, "/admin/messages/export.json", emailQuery(ZEBEDEE.email))).result as Response;
    expect((await exported.json()).messages).toEqual([]);

    // One audit row: who erased how many, and when; not whose, nor anything they wrote.
    const added = await getDb()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} not in (${sql.join(auditBefore.map((row) => sql`${row.id}`), sql`, `)})`);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorEmail: "admin@kestrelinsight.example",
      entity: "contact message",
      entityId: "erasure",
      action: "delete",
    });
    expect(added[0]!.summary).toContain("Erased 3 messages");
    const everything = (await auditText()).toLowerCase();
    expect(everything).toContain("erased 3 messages");
    for (const secret of [ZEBEDEE.email, "zebedee", "quarrington", ZEBEDEE.subject.toLowerCase(), "boiler", ZEBEDEE.phrase, "still cold"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("asked again, finds nothing to erase and says so", async () => {
    const confirm = await get(erasePage, "/admin/messages/erase", emailQuery(ZEBEDEE.email));
    expect(body(confirm.result)).toEqual({ email: ZEBEDEE.email, total: 0 });
    const answer = await post(erasePage, "/admin/messages/erase", new URLSearchParams(), emailQuery(ZEBEDEE.email));
    expect((await redirected(answer.result)).toast).toEqual({ title: "Success", description: "Erased 0 messages and their notifications." });
  });

  it("deleting a single message removes its notifications' mail files too", async () => {
    const target = otherMessages[2]!;
    const rows = await notificationRowsOf([target.id]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(fs.existsSync(mailFile(row.id))).toBe(true);
    const answer = await post(messagePage, `/admin/messages/${target.id}`, new URLSearchParams({ intent: "delete" }), "", ada, { id: String(target.id) });
    expect((await redirected(answer.result)).toast?.description).toBe("Message deleted successfully!");
    expect(await messageExists(target.id)).toBe(false);
    expect(await notificationRowsOf([target.id])).toEqual([]);
    for (const row of rows) expect(fs.existsSync(mailFile(row.id))).toBe(false);
    const kept = await notificationRowsOf([otherMessages[0]!.id]);
    for (const row of kept) expect(fs.existsSync(mailFile(row.id))).toBe(true);
    otherMessages = otherMessages.slice(0, 2);
  });

  it("an erasure made while a notification of theirs is being written leaves no file of it behind", async () => {
    const email = "mid-delivery@example.org";
    const message = await saveContactMessage({ name: "Ignatius Mid", email, subject: "Caught mid-send", message: "Erase me while my notification is on its way." });
    const rows = await notificationRowsOf([message.id]);
    expect(rows).toHaveLength(2);

    // Delivery has claimed the notifications and is about to write them when the operator erases the person.
    let startSending!: () => void;
    const sending = new Promise<void>((resolve) => (startSending = resolve));
    let letSendFinish!: () => void;
    const gate = new Promise<void>((resolve) => (letSendFinish = resolve));
    const delivering = deliverToFiles(async () => {
      startSending();
      await gate;
    });
    await sending;
    const answer = await post(erasePage, "/admin/messages/erase", new URLSearchParams(), emailQuery(email));
    expect((await redirected(answer.result)).toast?.description).toBe("Erased 1 message and their notifications.");
    letSendFinish();
    await delivering;

    expect(await messageExists(message.id)).toBe(false);
    expect(await notificationRowsOf([message.id])).toEqual([]);
    for (const row of rows) expect(fs.existsSync(mailFile(row.id)), `notification-${row.id}.eml of an erased message`).toBe(false);
  });
});

interface PrivacyData {
  document: { sections: { html: string }[] };
}
const privacyText = async () => {
  const { document } = (await privacyLoader()) as PrivacyData;
  return document.sections.map((section) => section.html).join("\n");
};
const searchSnippets = async (query: string) => {
  const result = (await searchLoader({ request: new Request(`${SITE}/search?q=${encodeURIComponent(query)}`), params: {}, context: {} as never })) as {
    results: { url: string; snippet: { text: string }[] }[];
  };
  return result.results.filter((entry) => entry.url.startsWith("/privacy")).map((entry) => entry.snippet.map((part) => part.text).join(""));
};

describe("the retention period: the form, the privacy policy and search", () => {
  interface RetentionData {
    retentionMonths: number;
    version: number;
    policyStatesIt: boolean;
  }
  const retention = async () => {
    const answer = await get(retentionPage, "/admin/messages/retention");
    expect(answer.status).toBe(200);
    expect(headersOf(answer.result).get("Cache-Control")).toBe("private, no-store");
    return body<RetentionData>(answer.result);
  };
  const retentionForm = (months: string, version: number | string) => new URLSearchParams({ retentionMonths: months, version: String(version) });

  it("the privacy page and search state the seeded period from the setting", async () => {
    const text = await privacyText();
    expect(text).toContain("deleted automatically 24 months (2 years) after they reach us");
    expect(text).not.toContain(MESSAGE_RETENTION_TOKEN);
    const snippets = await searchSnippets("deleted automatically");
    expect(snippets.length).toBeGreaterThan(0);
    expect(snippets.join(" ")).toContain("24 months (2 years)");
    expect(snippets.join(" ")).not.toContain("{{");
  });

  it("is 404 signed out; shows the period, its version, and that the policy states it", async () => {
    expect((await get(retentionPage, "/admin/messages/retention", "", "")).status).toBe(404);
    const { version } = await readMessageSettings();
    expect((await post(retentionPage, "/admin/messages/retention", retentionForm("6", version), "", "")).status).toBe(404);
    expect(await retention()).toEqual({ retentionMonths: 24, version, policyStatesIt: true });
  });

  for (const typed of ["0", "121", "-3", "12.5", "twelve", ""]) {
    it(`refuses ${JSON.stringify(typed)} months: 400 with the message under the field, nothing saved`, async () => {
      const before = await readMessageSettings();
      const answer = await post(retentionPage, "/admin/messages/retention", retentionForm(typed, before.version));
      expect(answer.status).toBe(400);
      const reply = body<AdminFormReply>(answer.result);
      expect(reply.result.error?.retentionMonths).toEqual([NOTIFICATION_MESSAGES.retention]);
      expect(NOTIFICATION_MESSAGES.retention).toBe("Enter a whole number of months from 1 to 120");
      expect(await readMessageSettings()).toEqual(before);
    });
  }

  it("refuses a stale save with 409 and keeps the newer period", async () => {
    const loaded = await readMessageSettings();
    expect((await updateMessageRetention({ retentionMonths: 30 }, bob, loaded.version)).ok).toBe(true);
    const answer = await post(retentionPage, "/admin/messages/retention", retentionForm("48", loaded.version));
    expect(answer.status).toBe(409);
    const reply = body<AdminFormReply>(answer.result);
    expect(reply.result.error?.[""]?.[0]).toMatch(/^This was changed by bob@ops\.kestrelinsight\.example/);
    // The operator's value beside the current one, to keep or replace.
    expect(reply.merge?.fields).toEqual([expect.objectContaining({ name: "retentionMonths", mine: "48", current: "30" })]);
    expect((await readMessageSettings()).retentionMonths).toBe(30);
    expect((await retention()).retentionMonths).toBe(30);
  });

  it("saves a new period: back to the inbox with its notice; the inbox, the privacy page and search follow at once", async () => {
    const { version } = await retention();
    const answer = await post(retentionPage, "/admin/messages/retention", retentionForm(" 36 ", version));
    expect(await redirected(answer.result)).toEqual({
      status: 302,
      location: "/admin/messages",
      toast: { title: "Success", description: "Retention updated successfully!" },
    });
    expect(await retention()).toMatchObject({ retentionMonths: 36, version: version + 1 });
    expect(body<{ retentionMonths: number }>((await get(inbox, "/admin/messages")).result).retentionMonths).toBe(36);
    const text = await privacyText();
    expect(text).toContain("deleted automatically 36 months (3 years) after they reach us");
    // The messages' period changed (the consent records' own period, issue 39, still says 24 months).
    expect(text).not.toContain("deleted automatically 24 months (2 years) after they reach us");
    expect((await searchSnippets("deleted automatically")).join(" ")).toContain("36 months (3 years)");

    // A period that is not whole years is said in months.
    expect((await updateMessageRetention({ retentionMonths: 18 }, bob)).ok).toBe(true);
    expect(await privacyText()).toContain("deleted automatically 18 months after they reach us");
    expect((await searchSnippets("deleted automatically")).join(" ")).toContain("18 months after");
    expect((await updateMessageRetention({ retentionMonths: 24 }, bob)).ok).toBe(true);
  });
});

describe("the retention purge", () => {
  const person = (label: string) => ({
    name: `Retention ${label}`,
    email: `retention-${label}@example.org`,
    subject: "General Inquiry",
    message: `A message for the retention test (${label}).`,
  });
  async function receivedAt(at: Date, label: string) {
    setClock(() => at);
    const message = await saveContactMessage(person(label));
    setClock(null);
    return message;
  }
  /** The 23-month-old message the first purge leaves: a twelve-month period takes it later. */
  let survivor: ContactMessage;
  const retentionAudits = () =>
    getDb().select().from(auditLog).where(and(eq(auditLog.entity, "contact message"), eq(auditLog.entityId, "retention"))).orderBy(asc(auditLog.id));

  it("deletes messages received more than the given months ago, with their notifications, and only those; audited once a run", async () => {
    const at = new Date();
    const older = await receivedAt(monthsBefore(at, 25), "25-months");
    const olderStill = await receivedAt(monthsBefore(at, 30), "30-months");
    const younger = await receivedAt(monthsBefore(at, 23), "23-months");
    survivor = younger;
    const olderRows = await notificationRowsOf([older.id, olderStill.id]);
    expect(olderRows).toHaveLength(4);
    const youngerRows = await notificationRowsOf([younger.id]);
    const before = await retentionAudits();

    const removed = await purgeExpiredMessages(24, at);
    expect(removed.messages).toBe(2);
    expect([...removed.notificationIds].sort((a, b) => a - b)).toEqual(olderRows.map((row) => row.id));
    expect(await messageExists(older.id)).toBe(false);
    expect(await messageExists(olderStill.id)).toBe(false);
    expect(await notificationRowsOf([older.id, olderStill.id])).toEqual([]);
    expect(await messageExists(younger.id)).toBe(true);
    expect(await notificationRowsOf([younger.id])).toEqual(youngerRows);
    for (const other of otherMessages) expect(await messageExists(other.id)).toBe(true);

    const audits = await retentionAudits();
    expect(audits).toHaveLength(before.length + 1);
    expect(audits.at(-1)).toMatchObject({
      actorEmail: RETENTION_ACTOR.email,
      action: "delete",
      summary: "Deleted 2 messages received over 24 months ago (retention)",
    });
    expect(audits.at(-1)!.summary).not.toContain("retention-25-months");

    // Nothing more to delete: nothing more in the audit log.
    expect(await purgeExpiredMessages(24, at)).toEqual({ messages: 0, notificationIds: [] });
    expect(await retentionAudits()).toHaveLength(before.length + 1);
  });

  it("the server's maintenance uses the setting, removes the mail files, and a shorter period set on the form purges more", async () => {
    const at = new Date();
    const expired = await receivedAt(monthsBefore(at, 25), "maintenance-25");
    const thirteen = await receivedAt(monthsBefore(at, 13), "maintenance-13");
    const twentyThree = await receivedAt(monthsBefore(at, 23), "maintenance-23");
    const fresh = await receivedAt(monthsBefore(at, 11), "maintenance-11");
    await deliverToFiles();
    const expiredRows = await notificationRowsOf([expired.id]);
    expect(expiredRows.map((row) => row.status)).toEqual(["sent", "sent"]);
    for (const row of expiredRows) expect(fs.existsSync(mailFile(row.id))).toBe(true);

    setClock(() => at);
    expect((await readMessageSettings()).retentionMonths).toBe(24);
    expect((await runMaintenance()).messages).toBe(1);
    expect(await messageExists(expired.id)).toBe(false);
    for (const row of expiredRows) expect(fs.existsSync(mailFile(row.id))).toBe(false);
    for (const kept of [thirteen, twentyThree, fresh]) expect(await messageExists(kept.id)).toBe(true);
    expect((await retentionAudits()).at(-1)!.summary).toBe("Deleted 1 message received over 24 months ago (retention)");

    // Twelve months, set as an operator does: the next round takes the 13- and 23-month-old messages (the
    // one the previous test left too).
    const { version } = await readMessageSettings();
    const saved = await post(retentionPage, "/admin/messages/retention", new URLSearchParams({ retentionMonths: "12", version: String(version) }));
    expect((await redirected(saved.result)).toast?.description).toBe("Retention updated successfully!");
    const goingRows = await notificationRowsOf([thirteen.id, twentyThree.id]);
    for (const row of goingRows) expect(fs.existsSync(mailFile(row.id))).toBe(true);
    expect(await messageExists(survivor.id)).toBe(true);
    expect((await runMaintenance()).messages).toBe(3);
    for (const gone of [thirteen, twentyThree, survivor]) expect(await messageExists(gone.id)).toBe(false);
    expect(await notificationRowsOf([thirteen.id, twentyThree.id, survivor.id])).toEqual([]);
    for (const row of goingRows) expect(fs.existsSync(mailFile(row.id))).toBe(false);
    expect(await messageExists(fresh.id)).toBe(true);
    for (const other of otherMessages) expect(await messageExists(other.id)).toBe(true);
    expect((await retentionAudits()).at(-1)!.summary).toBe("Deleted 3 messages received over 12 months ago (retention)");
    expect(await privacyText()).toContain("deleted automatically 12 months after they reach us");
  });

  it("counts calendar months: on 31 March, a message of 28 February has been kept a month, one of 2 March has not", async () => {
    // Long ago, so that no other test's message is old enough to be touched.
    const at = new Date("2001-03-31T12:00:00Z");
    const monthOld = await receivedAt(new Date("2001-02-28T11:00:00Z"), "calendar-month-old");
    const young = await receivedAt(new Date("2001-03-02T12:00:00Z"), "calendar-29-days");
    const removed = await purgeExpiredMessages(1, at);
    expect({ monthOldKept: await messageExists(monthOld.id), youngKept: await messageExists(young.id) }).toEqual({
      monthOldKept: false,
      youngKept: true,
    });
    expect(removed.messages).toBe(1);
  });
});

describe("a privacy policy that does not state the period from the setting", () => {
  it("is flagged on the retention screen", async () => {
    const published = await publishLegalVersion(
      "privacy",
      { body: "## Retention\n\nWe keep contact messages for two years.", effectiveDate: "2020-01-01", changeSummary: "Hand-written retention." },
      bob,
    );
    expect(published).not.toBeNull();
    const answer = await get(retentionPage, "/admin/messages/retention");
    expect(body<{ policyStatesIt: boolean }>(answer.result).policyStatesIt).toBe(false);
    expect(await privacyText()).toContain("We keep contact messages for two years.");
  });
});
