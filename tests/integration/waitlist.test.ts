import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { notifications, waitlistEntries } from "~db/schema";
import { setClock } from "~/models/clock.server";
import {
  CONFIRM_TTL_MS,
  EMAILS_PER_ADDRESS,
  eraseWaitlistEntry,
  findWaitlistEntry,
  JOINS_PER_CLIENT,
  purgeWaitlist,
  waitlistPlatforms,
  type WaitlistPlatform,
} from "~/models/waitlist.server";
import * as confirmRoute from "~/routes/_site.waitlist_.confirm";
import * as unsubscribeRoute from "~/routes/_site.waitlist_.unsubscribe";
import * as waitlistRoute from "~/routes/_site.waitlist";
import * as adminWaitlist from "~/routes/admin.waitlist";
import * as adminWaitlistCsv from "~/routes/admin.waitlist[.]csv";
import * as eraseRoute from "~/routes/admin.messages.erase";
import * as apiJoin from "~/routes/api.waitlist";
import * as apiConfirm from "~/routes/api.waitlist.confirm";
import * as apiUnsubscribe from "~/routes/api.waitlist.unsubscribe";
import * as apiAdminList from "~/routes/api.admin.waitlist";
import * as apiAdminSummary from "~/routes/api.admin.waitlist.summary";
import * as exportRoute from "~/routes/admin.messages.export[.]json";
import { runMaintenance } from "~/server/http/maintenance.server";
import { loadConfig, type Config } from "~/server/config.server";
import { deliverDue } from "~/server/mail/delivery.server";
import { createMailTransport, type MailTransport } from "~/server/mail/mail-transport.server";
import { notificationComposer, waitlistComposer } from "~/server/mail/notification-delivery.server";
import { call, freshAddress, invoke, jsonOf, operatorCookie } from "../helpers/api-client";
import { resetSmtpPeer, startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../helpers/smtp-peer";
import { testConfig } from "../helpers/setup-env";

/**
 * The waitlist against the real database and a real SMTP server on loopback (as the notification tests):
 * join, the confirmation e-mail with its link and RFC 8058 unsubscribe headers, confirm once, one-click
 * unsubscribe; the same answer whatever the address's state; expiry and the 7-day purge; rate limits;
 * erasure. Time is moved with setClock rather than waited for.
 */

const OPERATOR = { userId: null, email: "admin@kestrelinsight.example" };
const MAIL_FROM = "Kestrel Insight <waitlist@kestrel.example>";

let peer: SmtpPeer;
let config: Config;
let platforms: WaitlistPlatform[];
const transports: MailTransport[] = [];

async function deliver() {
  const transport = createMailTransport(config.mail);
  if (!transport) throw new Error("mail is off");
  transports.push(transport);
  return deliverDue({
    transport,
    compose: notificationComposer(config),
    composeWaitlist: waitlistComposer(config, () => platforms),
  });
}

let clockAt = new Date();
function freezeClock(at: Date = new Date()): void {
  clockAt = new Date(at);
  setClock(() => new Date(clockAt));
}
function advance(ms: number): void {
  clockAt = new Date(clockAt.getTime() + ms);
}

let joins = 0;
function freshEmail(): string {
  joins += 1;
  return `Visitor.${joins}@Example.ORG`;
}

async function join(fields: Record<string, string | string[]>, clientAddress = freshAddress()) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) body.append(name, one);
  const { status, result } = await invoke(waitlistRoute, "/waitlist", {
    method: "POST",
    body,
    clientAddress,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return { status, body: (result as { data: waitlistRoute.WaitlistActionData }).data };
}

const pm = () => platforms.find((platform) => platform.name === "Portfolio Manager")!;
const entriesOf = (email: string) =>
  getDb().select().from(waitlistEntries).where(eq(waitlistEntries.email, email.toLowerCase()));
const queuedFor = async (entryId: number) =>
  getDb()
    .select()
    .from(notifications)
    .where(eq(notifications.waitlistEntryId, entryId))
    .orderBy(asc(notifications.id));
const mailsTo = (email: string): ReceivedMail[] =>
  peer.received.filter((mail) => mail.envelopeTo.includes(email.toLowerCase()));
const headOf = (mail: ReceivedMail) =>
  mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");

function linksOf(mail: ReceivedMail) {
  const confirm = /http:\/\/localhost:3000\/waitlist\/confirm\?token=[A-Za-z0-9_%-]+/.exec(
    mail.parsed.text ?? "",
  )?.[0];
  const unsubscribe = /^List-Unsubscribe: <([^>]+)>/im.exec(headOf(mail))?.[1];
  return { confirm: new URL(confirm!), unsubscribe: new URL(unsubscribe!) };
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

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
  platforms = await waitlistPlatforms();
  expect(platforms.map((platform) => platform.name)).toEqual(["Portfolio Manager"]);
});

beforeEach(async () => {
  await getDb().delete(notifications);
  resetSmtpPeer(peer);
});

afterEach(() => {
  setClock(null);
  for (const transport of transports.splice(0)) transport.close();
});

afterAll(async () => {
  await peer?.close();
});

describe("joining, confirming and unsubscribing", () => {
  it("stores one pending entry, e-mails a link that confirms once, and unsubscribes in one click", async () => {
    const email = freshEmail();
    const answer = await join({ email, firstName: "Ada", platforms: String(pm().id) });
    expect(answer).toEqual({ status: 200, body: { status: "success" } });

    const [entry, ...more] = await entriesOf(email);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      email: email.toLowerCase(),
      firstName: "Ada",
      platforms: [pm().id],
      status: "pending",
      confirmedAt: null,
    });
    // Only hashes are kept: 64 hex characters, never the token itself.
    expect(entry!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(entry!.unsubscribeTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(entry!.confirmExpiresAt!.getTime() - entry!.createdAt.getTime()).toBe(CONFIRM_TTL_MS);
    expect(await queuedFor(entry!.id)).toHaveLength(1);

    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [mail, ...others] = mailsTo(email);
    expect(others).toHaveLength(0);
    expect(mail!.parsed.from?.value[0]).toMatchObject({
      address: "waitlist@kestrel.example",
      name: "Kestrel Insight",
    });
    expect(mail!.parsed.subject).toBe("Confirm your place on the Kestrel Insight waitlist");
    expect(mail!.parsed.text).toContain("Hello Ada,");
    expect(mail!.parsed.text).toContain("Portfolio Manager");
    expect(mail!.parsed.text).toContain("We will e-mail you when it opens, and nothing else.");
    const head = headOf(mail!);
    expect(head).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/waitlist\/unsubscribe\?token=[^>]+>/im,
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const links = linksOf(mail!);
    expect(mail!.parsed.html).toContain(links.confirm.search.replace("?", ""));
    expect(mail!.parsed.html).toContain("/waitlist/unsubscribe?token=");
    expect(mail!.raw).not.toContain(entry!.confirmTokenHash!);

    // Opening the link (as a mail scanner would) confirms nothing: it shows the Confirm button.
    const opened = await invoke(confirmRoute, pathOf(links.confirm));
    expect(opened.status).toBe(200);
    expect((await entriesOf(email))[0]!.status).toBe("pending");

    const token = links.confirm.searchParams.get("token")!;
    const confirmed = await invoke(confirmRoute, "/waitlist/confirm", {
      method: "POST",
      body: new URLSearchParams({ token }),
    });
    expect(confirmed.status).toBe(200);
    expect((confirmed.result as { data: { confirmed: boolean } }).data.confirmed).toBe(true);
    const after = (await entriesOf(email))[0]!;
    expect(after).toMatchObject({ status: "confirmed", confirmTokenHash: null });
    expect(after.confirmedAt).not.toBeNull();
    // Once only.
    expect(
      (
        await invoke(confirmRoute, "/waitlist/confirm", {
          method: "POST",
          body: new URLSearchParams({ token }),
        })
      ).status,
    ).toBe(404);
    expect((await invoke(confirmRoute, pathOf(links.confirm))).status).toBe(404);

    // The unsubscribe page changes nothing by being opened...
    expect((await invoke(unsubscribeRoute, pathOf(links.unsubscribe))).status).toBe(200);
    expect((await entriesOf(email))[0]!.status).toBe("confirmed");
    // ...and the RFC 8058 one-click POST to the header's URL unsubscribes with no further step.
    const oneClick = await invoke(unsubscribeRoute, pathOf(links.unsubscribe), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    const gone = (await entriesOf(email))[0]!;
    expect(gone.status).toBe("unsubscribed");
    expect(gone.unsubscribedAt).not.toBeNull();
    // Kept: the same link again is fine and changes nothing.
    expect(
      (
        await invoke(unsubscribeRoute, pathOf(links.unsubscribe), {
          method: "POST",
          body: "List-Unsubscribe=One-Click",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await invoke(unsubscribeRoute, "/waitlist/unsubscribe", {
          method: "POST",
          body: new URLSearchParams({ token: "not-a-real-token-0123456789" }),
        })
      ).status,
    ).toBe(404);
  });

  it("preselects the platform of ?platform= by slug or id", async () => {
    for (const ref of ["portfolio-manager", String(pm().id)]) {
      const { result } = await invoke(waitlistRoute, `/waitlist?platform=${ref}`);
      expect((result as { preselected: string[] }).preselected).toEqual([String(pm().id)]);
    }
  });

  it("answers a field's SPEC message for an invalid address or no platform, and drops a filled honeypot", async () => {
    const invalid = await join({ email: "not-an-address" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      errors: {
        email: ["Please enter a valid email address"],
        platforms: ["Please choose at least one platform"],
      },
    });
    const unknown = await join({ email: freshEmail(), platforms: "999999" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errors: { platforms: ["Please choose at least one platform"] } });

    const email = freshEmail();
    expect(await join({ email, platforms: String(pm().id), website: "http://spam.example" })).toEqual({
      status: 200,
      body: { status: "success" },
    });
    expect(await entriesOf(email)).toHaveLength(0);
  });
});

describe("the same answer whatever the address's state", () => {
  it("never makes a second entry: pending gets a fresh e-mail, confirmed gets none, unsubscribed must confirm again", async () => {
    const email = freshEmail();
    const fields = { email, platforms: String(pm().id) };
    const answers = [await join(fields)];
    await deliver();
    const first = linksOf(mailsTo(email)[0]!);

    // Pending: the same answer, a fresh e-mail whose link replaces the old one.
    answers.push(await join({ ...fields, email: email.toUpperCase() }));
    await deliver();
    expect(mailsTo(email)).toHaveLength(2);
    const second = linksOf(mailsTo(email)[1]!);
    expect(second.confirm.href).not.toBe(first.confirm.href);
    expect(second.unsubscribe.href).toBe(first.unsubscribe.href);
    expect((await invoke(confirmRoute, pathOf(first.confirm))).status).toBe(404);
    await invoke(confirmRoute, "/waitlist/confirm", {
      method: "POST",
      body: new URLSearchParams({ token: second.confirm.searchParams.get("token")! }),
    });
    expect((await entriesOf(email))[0]!.status).toBe("confirmed");

    // Confirmed: the same answer, nothing sent.
    answers.push(await join(fields));
    await deliver();
    expect(mailsTo(email)).toHaveLength(2);

    // Unsubscribed: the same answer; pending again, and asked to confirm.
    await invoke(unsubscribeRoute, pathOf(second.unsubscribe), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    answers.push(await join(fields));
    await deliver();
    expect(mailsTo(email)).toHaveLength(3);
    expect((await entriesOf(email))[0]!).toMatchObject({
      status: "pending",
      unsubscribedAt: null,
      confirmedAt: null,
    });

    expect(await entriesOf(email)).toHaveLength(1);
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { status: "success" } });
  });
});

describe("expiry and the purge", () => {
  it("stops the link after 7 days and deletes the unconfirmed entry in the periodic purge", async () => {
    freezeClock();
    const email = freshEmail();
    await join({ email, platforms: String(pm().id) });
    await deliver();
    const { confirm } = linksOf(mailsTo(email)[0]!);
    const token = confirm.searchParams.get("token")!;

    advance(CONFIRM_TTL_MS - 1000);
    expect((await invoke(confirmRoute, pathOf(confirm))).status).toBe(200);
    expect((await runMaintenance()).waitlist).toBe(0);
    expect(await entriesOf(email)).toHaveLength(1);

    advance(2000);
    expect((await invoke(confirmRoute, pathOf(confirm))).status).toBe(404);
    expect(
      (
        await invoke(confirmRoute, "/waitlist/confirm", {
          method: "POST",
          body: new URLSearchParams({ token }),
        })
      ).status,
    ).toBe(404);
    // The maintenance round compares with the database's clock; the model's purge is given the test's.
    const purged = await purgeWaitlist(24, clockAt);
    expect(purged.entries).toBeGreaterThanOrEqual(1);
    expect(await entriesOf(email)).toHaveLength(0);
  });

  it("keeps a confirmed entry, and deletes an unsubscribed one once the retention period has passed", async () => {
    freezeClock();
    const email = freshEmail();
    await join({ email, platforms: String(pm().id) });
    await deliver();
    const { confirm, unsubscribe } = linksOf(mailsTo(email)[0]!);
    await invoke(confirmRoute, "/waitlist/confirm", {
      method: "POST",
      body: new URLSearchParams({ token: confirm.searchParams.get("token")! }),
    });
    advance(CONFIRM_TTL_MS * 2);
    await purgeWaitlist(24, clockAt);
    expect(await entriesOf(email)).toHaveLength(1);

    await invoke(unsubscribeRoute, pathOf(unsubscribe), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    advance(CONFIRM_TTL_MS * 2);
    await purgeWaitlist(24, clockAt);
    expect(await entriesOf(email)).toHaveLength(1);
    advance(25 * 31 * 24 * 60 * 60_000);
    await purgeWaitlist(24, clockAt);
    expect(await entriesOf(email)).toHaveLength(0);
  });
});

describe("rate limits", () => {
  it(`refuses a client's join past ${JOINS_PER_CLIENT} in the window with 429 and Retry-After`, async () => {
    const client = freshAddress();
    for (let i = 0; i < JOINS_PER_CLIENT; i++)
      expect((await join({ email: freshEmail(), platforms: String(pm().id) }, client)).status).toBe(200);
    const refused = await join({ email: freshEmail(), platforms: String(pm().id) }, client);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      errors: { "": ["Too many requests. Please wait a few minutes and try again."] },
    });
  });

  it(`sends one address at most ${EMAILS_PER_ADDRESS} e-mails in the window, answering the same past it`, async () => {
    const email = freshEmail();
    for (let i = 0; i < EMAILS_PER_ADDRESS + 2; i++)
      expect(await join({ email, platforms: String(pm().id) })).toEqual({
        status: 200,
        body: { status: "success" },
      });
    await deliver();
    expect(mailsTo(email)).toHaveLength(1);
    expect(await entriesOf(email)).toHaveLength(1);
  });
});

describe("erasure", () => {
  it("erases a person's entry and its e-mails by address, in any case", async () => {
    const email = freshEmail();
    await join({ email, platforms: String(pm().id) });
    const [entry] = await entriesOf(email);
    expect(await queuedFor(entry!.id)).toHaveLength(1);
    expect(await findWaitlistEntry(email.toUpperCase())).not.toBeNull();
    const erased = await eraseWaitlistEntry(email.toUpperCase(), OPERATOR);
    expect(erased.entries).toBe(1);
    expect(erased.notificationIds).toHaveLength(1);
    expect(await entriesOf(email)).toHaveLength(0);
    expect(await queuedFor(entry!.id)).toHaveLength(0);
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailsTo(email)).toHaveLength(0);
  });
});

describe("operators", () => {
  async function confirmedEntry(email: string) {
    await join({ email, firstName: "Grace", platforms: String(pm().id) });
    await deliver();
    const { confirm } = linksOf(mailsTo(email).at(-1)!);
    await invoke(confirmRoute, "/waitlist/confirm", {
      method: "POST",
      body: new URLSearchParams({ token: confirm.searchParams.get("token")! }),
    });
    return (await entriesOf(email))[0]!;
  }

  it("shows editors and admins the counts per platform and week, searches, marks invited and exports; approvers may not", async () => {
    const editor = await operatorCookie("waitlist-editor@kestrelinsight.example", "editor");
    const approver = await operatorCookie("waitlist-approver@kestrelinsight.example", "approver");
    const before = (await adminWaitlist.loader({
      request: new Request("http://localhost:3000/admin/waitlist", { headers: { Cookie: editor } }),
      params: {},
      context: { cspNonce: "", clientAddress: freshAddress(), peerAddress: "127.0.0.1" },
    })) as unknown as {
      data: { summary: { platforms: { id: number; confirmed: number; invited: number; pending: number }[] } };
    };
    const counted = (data: typeof before) =>
      data.data.summary.platforms.find((platform) => platform.id === pm().id)!;
    const start = counted(before);

    const email = freshEmail();
    const entry = await confirmedEntry(email);
    const pendingEmail = freshEmail();
    await join({ email: pendingEmail, platforms: String(pm().id) });

    const page = await invoke(adminWaitlist, `/admin/waitlist?q=${encodeURIComponent(email.toLowerCase())}`, {
      cookie: editor,
    });
    expect(page.status).toBe(200);
    const loaded = page.result as {
      data: { entries: { email: string; status: string }[]; summary: { weeks: { signUps: number }[] } };
    } & typeof before;
    expect(loaded.data.entries).toEqual([
      expect.objectContaining({ email: email.toLowerCase(), status: "confirmed" }),
    ]);
    expect(counted(loaded)).toMatchObject({ confirmed: start.confirmed + 1, pending: start.pending + 1 });
    expect(loaded.data.summary.weeks.at(-1)!.signUps).toBeGreaterThanOrEqual(2);

    expect((await invoke(adminWaitlist, "/admin/waitlist", { cookie: approver })).status).toBe(403);

    // "Mark invited": only confirmed entries are marked.
    const pending = (await entriesOf(pendingEmail))[0]!;
    const body = new URLSearchParams([
      ["intent", "invite"],
      ["id", String(entry.id)],
      ["id", String(pending.id)],
    ]);
    const marked = await invoke(adminWaitlist, "/admin/waitlist", {
      method: "POST",
      body,
      cookie: editor,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(marked.status).toBe(302);
    expect((await entriesOf(email))[0]!.invitedAt).not.toBeNull();
    expect((await entriesOf(pendingEmail))[0]!.invitedAt).toBeNull();
    const after = await invoke(adminWaitlist, "/admin/waitlist", { cookie: editor });
    expect(counted(after.result as typeof before).invited).toBe(start.invited + 1);

    const csv = await invoke(
      adminWaitlistCsv,
      `/admin/waitlist.csv?status=confirmed&q=${encodeURIComponent(email.toLowerCase())}`,
      { cookie: editor },
    );
    const text = await (csv.result as Response).text();
    expect(text.replace(/^\uFEFF/, "").startsWith('"Email","First name","Platforms","Status",')).toBe(true);
    expect(text).toContain(`"${email.toLowerCase()}","Grace","Portfolio Manager","confirmed",`);
    expect((await invoke(adminWaitlistCsv, "/admin/waitlist.csv", { cookie: approver })).status).toBe(403);
  });

  it("finds, exports and erases a person's waitlist entry with the personal-data tools", async () => {
    const admin = await operatorCookie();
    const email = freshEmail();
    await confirmedEntry(email);
    const exported = await invoke(
      exportRoute,
      `/admin/messages/export.json?email=${encodeURIComponent(email)}`,
      { cookie: admin },
    );
    const json = (await (exported.result as Response).json()) as { waitlist: Record<string, unknown> | null };
    expect(json.waitlist).toMatchObject({
      email: email.toLowerCase(),
      firstName: "Grace",
      platforms: ["Portfolio Manager"],
      status: "confirmed",
    });
    expect(JSON.stringify(json)).not.toMatch(/[0-9a-f]{64}/);

    const confirmation = await invoke(
      eraseRoute,
      `/admin/messages/erase?email=${encodeURIComponent(email)}`,
      { cookie: admin },
    );
    expect((confirmation.result as { data: { waitlist: boolean } }).data.waitlist).toBe(true);
    const erased = await invoke(eraseRoute, `/admin/messages/erase?email=${encodeURIComponent(email)}`, {
      method: "POST",
      body: new URLSearchParams(),
      cookie: admin,
    });
    expect(erased.status).toBe(302);
    expect(await entriesOf(email)).toHaveLength(0);
  });
});

describe("the JSON API", () => {
  it("answers 202 with the same body for a new, pending and confirmed address, and confirms and unsubscribes by token", async () => {
    const email = freshEmail();
    const post = (json: unknown) => call(apiJoin, "/api/waitlist", { method: "POST", json });
    const answers = [];
    const first = await post({ email, firstName: "Ada", platforms: ["portfolio-manager"] });
    answers.push({ status: first.status, body: await first.json() });
    await deliver();
    const second = await post({ email, platforms: [pm().id] });
    answers.push({ status: second.status, body: await second.json() });
    await deliver();
    const { confirm, unsubscribe } = linksOf(mailsTo(email).at(-1)!);

    const confirmed = await call(apiConfirm, "/api/waitlist/confirm", {
      method: "POST",
      json: { token: confirm.searchParams.get("token") },
    });
    expect(confirmed.status).toBe(200);
    expect(
      (
        await call(apiConfirm, "/api/waitlist/confirm", {
          method: "POST",
          json: { token: confirm.searchParams.get("token") },
        })
      ).status,
    ).toBe(404);
    const third = await post({ email, platforms: [pm().id] });
    answers.push({ status: third.status, body: await third.json() });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(202);
    expect(await entriesOf(email)).toHaveLength(1);

    const invalid = await post({ email: "nope", platforms: [] });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      errors: {
        email: ["Please enter a valid email address"],
        platforms: ["Please choose at least one platform"],
      },
    });
    expect((await post({ email, platforms: ["trading"] })).status).toBe(400);

    const gone = await call(apiUnsubscribe, "/api/waitlist/unsubscribe", {
      method: "POST",
      json: { token: unsubscribe.searchParams.get("token") },
    });
    expect(gone.status).toBe(200);
    expect((await entriesOf(email))[0]!.status).toBe("unsubscribed");
    expect(
      (
        await call(apiUnsubscribe, "/api/waitlist/unsubscribe", {
          method: "POST",
          json: { token: "x".repeat(43) },
        })
      ).status,
    ).toBe(404);
  });

  it("lists entries by platform and status, and the summary, to editors", async () => {
    const editor = await operatorCookie("waitlist-api-editor@kestrelinsight.example", "editor");
    const email = freshEmail();
    await call(apiJoin, "/api/waitlist", { method: "POST", json: { email, platforms: [pm().id] } });
    const list = await call(apiAdminList, `/api/admin/waitlist?platform=${pm().id}&status=pending`, {
      cookie: editor,
    });
    expect(list.status).toBe(200);
    const entries = await jsonOf<{ email: string; status: string }[]>(list);
    expect(entries.every((entry) => entry.status === "pending")).toBe(true);
    expect(entries.map((entry) => entry.email)).toContain(email.toLowerCase());
    expect(JSON.stringify(entries)).not.toMatch(/[0-9a-f]{64}/);
    expect((await call(apiAdminList, "/api/admin/waitlist?status=maybe", { cookie: editor })).status).toBe(
      400,
    );

    const summary = await jsonOf<{
      platforms: { id: number; pending: number }[];
      weeks: { week: string; signUps: number }[];
    }>(await call(apiAdminSummary, "/api/admin/waitlist/summary", { cookie: editor }));
    expect(summary.platforms.find((platform) => platform.id === pm().id)!.pending).toBeGreaterThanOrEqual(1);
    expect(summary.weeks.at(-1)!.week).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await call(apiAdminSummary, "/api/admin/waitlist/summary")).status).toBe(401);
  });
});
