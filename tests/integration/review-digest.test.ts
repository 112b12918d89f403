import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { notifications, operators, reviewDigests } from "~db/schema";
import { setClock } from "~/models/clock.server";
import { recordPromotionDecision, type PromotionRecord } from "~/models/promotions.server";
import { runMaintenance } from "~/server/http/maintenance.server";
import { loadConfig, type Config } from "~/server/config.server";
import { deliverDue } from "~/server/mail/delivery.server";
import { createMailTransport, type MailTransport } from "~/server/mail/mail-transport.server";
import { notificationComposer, reviewDigestComposer } from "~/server/mail/notification-delivery.server";
import { queueWeeklyReviewDigests } from "~/server/promotions/review-digest.server";
import { londonIsoWeek } from "~/utils/london-time";
import { operatorCookie } from "../helpers/api-client";
import { resetSmtpPeer, startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../helpers/smtp-peer";
import { testConfig } from "../helpers/setup-env";

/**
 * Issue 42: approvers (and admins) get a weekly e-mail of the financial promotions whose review date is past
 * or within 30 days, through the outbox, to a real SMTP server on loopback: once a week each (a second
 * round, or a second instance, in the same week sends nothing), again the next week, nothing while nothing is
 * due, and nothing to an editor. Time is moved with setClock.
 */

const MAIL_FROM = "Kestrel Insight <promotions@kestrel.example>";
const APPROVER = "rhea.reviewer@kestrelinsight.example";
const ADMIN = "ada.admin@kestrelinsight.example";
const EDITOR = "ed.itor@kestrelinsight.example";

/** Wednesday 2 December 2026, ISO week 49 (GMT: London is UTC in winter). */
const WEDNESDAY = new Date("2026-12-02T10:00:00Z");
/** Sunday 6 December 2026 at 23:59 in London: still week 49. */
const SUNDAY_NIGHT = new Date("2026-12-06T23:59:00Z");
/** Monday 7 December 2026 at 00:01 in London: week 50. */
const NEXT_MONDAY = new Date("2026-12-07T00:01:00Z");

let peer: SmtpPeer;
let config: Config;
const transports: MailTransport[] = [];

async function deliver() {
  const transport = createMailTransport(config.mail);
  if (!transport) throw new Error("mail is off");
  transports.push(transport);
  return deliverDue({
    transport,
    compose: notificationComposer(config),
    composeReviewDigest: reviewDigestComposer(config),
  });
}

const mailsTo = (email: string): ReceivedMail[] =>
  peer.received.filter((mail) => mail.envelopeTo.includes(email));

/** Every operator who may approve, as the digest's recipients (the seeded database may have admins of its own). */
async function approverAddresses(): Promise<string[]> {
  const rows = await getDb()
    .select({ email: operators.email, role: operators.role, removedAt: operators.removedAt })
    .from(operators);
  return rows.filter((row) => row.removedAt === null && row.role !== "editor").map((row) => row.email);
}

function approval(label: string, reviewBy: string, recordId: number): Promise<PromotionRecord> {
  return recordPromotionDecision({
    decision: "approved",
    collection: "products",
    recordId,
    versionId: null,
    label,
    owner: "Kestrel Insight Ltd",
    products: [label],
    values: { name: label },
    pages: [{ path: "/platforms", html: `<html>${label}</html>` }],
    authors: [EDITOR],
    decidedBy: APPROVER,
    rationale: "Fair, clear and not misleading.",
    reviewBy,
  });
}

beforeAll(async () => {
  peer = await startSmtpPeer({ closeTimeoutMs: 200 });
  config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    SESSION_SECRET: testConfig.sessionSecret,
    SMTP_URL: peer.url,
    MAIL_FROM,
    DATA_DIR: testConfig.dataDir,
  });
  await operatorCookie(APPROVER, "approver");
  await operatorCookie(ADMIN, "admin");
  await operatorCookie(EDITOR, "editor");
});

beforeEach(() => resetSmtpPeer(peer));

afterEach(() => {
  setClock(null);
  for (const transport of transports.splice(0)) transport.close();
});

afterAll(async () => {
  await peer?.close();
});

describe("the weekly digest of promotions due for review", () => {
  it("decides the week by London's calendar, Monday to Sunday", () => {
    expect(londonIsoWeek(WEDNESDAY)).toBe("2026-W49");
    expect(londonIsoWeek(SUNDAY_NIGHT)).toBe("2026-W49");
    expect(londonIsoWeek(NEXT_MONDAY)).toBe("2026-W50");
    // 23:30 UTC on Sunday 28 June 2026 is 00:30 on Monday in London (BST): the new week has begun there.
    expect(londonIsoWeek(new Date("2026-06-28T23:30:00Z"))).toBe("2026-W27");
    // ISO years: 1 January 2027 is a Friday, in 2026's week 53; 31 December 2029 is in 2030's week 1.
    expect(londonIsoWeek(new Date("2027-01-01T12:00:00Z"))).toBe("2026-W53");
    expect(londonIsoWeek(new Date("2029-12-31T12:00:00Z"))).toBe("2030-W01");
  });

  it("sends nothing while no review is due", async () => {
    setClock(() => WEDNESDAY);
    await approval("Kestrel Markets, reviewed next summer", "2027-06-30", 9001);
    const round = await runMaintenance();
    expect(round.reviewDigests).toBe(0);
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);
    expect(await getDb().select().from(reviewDigests)).toHaveLength(0);
  });

  it("e-mails each approver once a week with the promotions due, never an editor, and again the next week", async () => {
    setClock(() => WEDNESDAY);
    const soon = await approval("Kestrel Markets: the cheapest ISA", "2026-12-20", 9002);
    const overdue = await approval("Portfolio Manager: open to new investors", "2026-11-30", 9003);
    const recipients = await approverAddresses();
    expect(recipients).toEqual(expect.arrayContaining([APPROVER, ADMIN]));
    expect(recipients).not.toContain(EDITOR);

    const round = await runMaintenance();
    expect(round.reviewDigests).toBe(recipients.length);
    expect(await deliver()).toEqual({ sent: recipients.length, retrying: 0, failed: 0 });

    expect(mailsTo(EDITOR)).toHaveLength(0);
    for (const address of recipients) expect(mailsTo(address)).toHaveLength(1);
    const [mail] = mailsTo(APPROVER);
    expect(mail!.parsed.from?.value[0]).toMatchObject({
      address: "promotions@kestrel.example",
      name: "Kestrel Insight",
    });
    expect(mail!.parsed.subject).toBe("Kestrel Insight: 2 financial promotions due for review (week 49)");
    const text = mail!.parsed.text ?? "";
    // Soonest first: the overdue one, then the one due within 30 days; the one due next summer is not listed.
    expect(text.indexOf(overdue.reference)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(overdue.reference)).toBeLessThan(text.indexOf(soon.reference));
    expect(text).toContain("Portfolio Manager: open to new investors");
    expect(text).toContain("Overdue: review by 30 November 2026");
    expect(text).toContain("Review by 20 December 2026");
    expect(text).toContain(`http://localhost:3000/admin/promotions/${soon.id}`);
    expect(text).toContain(`http://localhost:3000/admin/promotions/${overdue.id}`);
    expect(text).not.toContain("reviewed next summer");
    const html = String(mail!.parsed.html);
    expect(html).toContain(`<a href="http://localhost:3000/admin/promotions/${soon.id}"`);
    expect(html).toContain(soon.reference);
    expect(html).toContain("Kestrel Markets: the cheapest ISA");
    expect(html).toContain("20 December 2026");

    // Later rounds of the same week, up to Sunday night in London, queue and send nothing.
    setClock(() => SUNDAY_NIGHT);
    expect((await runMaintenance()).reviewDigests).toBe(0);
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailsTo(APPROVER)).toHaveLength(1);

    // From Monday the next week's digest goes out.
    setClock(() => NEXT_MONDAY);
    expect((await runMaintenance()).reviewDigests).toBe(recipients.length);
    expect(await deliver()).toEqual({ sent: recipients.length, retrying: 0, failed: 0 });
    expect(mailsTo(APPROVER)).toHaveLength(2);
    expect(mailsTo(APPROVER)[1]!.parsed.subject).toContain("(week 50)");
    expect(mailsTo(EDITOR)).toHaveLength(0);
  });

  it("two instances' rounds at once queue one digest per approver, kept by the database's (operator, week) key", async () => {
    const week = new Date("2026-12-16T09:00:00Z"); // week 51
    setClock(() => week);
    await approval("Statistic: 10K+ investors", "2026-12-24", 9004);
    const recipients = await approverAddresses();
    const rounds = await Promise.all([
      queueWeeklyReviewDigests(),
      queueWeeklyReviewDigests(),
      queueWeeklyReviewDigests(),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.queued, 0)).toBe(recipients.length);
    const digests = await getDb().select().from(reviewDigests).where(eq(reviewDigests.week, "2026-W51"));
    expect(digests).toHaveLength(recipients.length);
    const queued = await getDb()
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.reviewDigestId,
          digests.map((digest) => digest.id),
        ),
      );
    expect(queued.map((row) => row.recipient).sort()).toEqual([...recipients].sort());

    // A row that cannot go in twice, whatever the code path.
    const [one] = digests;
    await expect(
      getDb().insert(reviewDigests).values({ operatorId: one!.operatorId, week: "2026-W51", promotions: [] }),
    ).rejects.toThrow();

    expect(await deliver()).toEqual({ sent: recipients.length, retrying: 0, failed: 0 });
    expect(mailsTo(APPROVER)).toHaveLength(1);
  });
});
