import { asc, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { contactMessages, notifications } from "~db/schema";
import type { AdminFormReply } from "~/components/admin/form-reply";
import type { VersionSummary } from "~/components/admin/history/history-views";
import type { MailStatusView } from "~/components/admin/messages/mail-status";
import type { NotificationSummary, NotificationView } from "~/components/admin/messages/notification-views";
import type { Actor } from "~/models/actor";
import { setClock } from "~/models/clock.server";
import { saveContactMessage } from "~/models/contact-messages.server";
import { readMessageSettings, updateNotificationRouting, type MessageSettings } from "~/models/message-settings.server";
import {
  claimDueNotifications,
  markNotificationFailed,
  markNotificationRetry,
  markNotificationSent,
  type ClaimedNotification,
} from "~/models/notifications.server";
import { upsertUser } from "~/models/sessions.server";
import * as historyList from "~/routes/admin.$section_.($id).history";
import * as inbox from "~/routes/admin.messages";
import * as messagePage from "~/routes/admin.messages.$id";
import * as notificationsScreen from "~/routes/admin.notifications";
import * as contactPage from "~/routes/_site.contact";
import * as collectionRoute from "~/routes/api.admin.$collection";
import * as openApiRoute from "~/routes/api.openapi[.]json";
import { PRESET_SUBJECTS, type PresetSubject } from "~/schemas/contact-fields";
import { NOTIFICATION_MESSAGES } from "~/schemas/notification-settings";
import { call, invoke, jsonOf, operatorCookie, type RouteHandlers } from "../helpers/api-client";
import { testConfig } from "../helpers/setup-env";
import { body, headersOf, redirected } from "../helpers/form-answers";
import { withParams } from "../helpers/route-modules";

const settingsApi = withParams(collectionRoute, { collection: "notification-settings" });

/**
 * Who is told of a new message: the Notifications screen (its form posted without JavaScript), the JSON
 * API over the same settings, the routing taking effect for the next message, and the state of each
 * message's notification as the inbox and the message page show it.
 */

let ada: string;
let bob: Actor;

beforeAll(async () => {
  ada = await operatorCookie("admin@kestrelinsight.example");
  const user = await upsertUser("bob@ops.kestrelinsight.example", "Bob");
  bob = { userId: user.id, email: user.email };
});

afterEach(() => setClock(null));

const get = (route: RouteHandlers, path: string, params: Record<string, string> = {}, cookie = ada) =>
  invoke(route, path, { cookie, params });
const post = (
  route: RouteHandlers,
  path: string,
  form: URLSearchParams,
  params: Record<string, string> = {},
  cookie = ada,
) => invoke(route, path, { cookie, params, method: "POST", body: form });

/** The routing form as the screen renders it: the default recipients, then a textarea for each preset subject. */
function routingForm(defaults: string, routes: Partial<Record<PresetSubject, string>> = {}, version?: number | string): URLSearchParams {
  const form = new URLSearchParams();
  form.set("defaultRecipients", defaults);
  PRESET_SUBJECTS.forEach((subject, index) => {
    form.set(`routes[${index}].subject`, subject);
    form.set(`routes[${index}].recipients`, routes[subject] ?? "");
  });
  if (version !== undefined) form.set("version", String(version));
  return form;
}

const routeIndex = (subject: PresetSubject) => PRESET_SUBJECTS.indexOf(subject);

interface ScreenData {
  settings: MessageSettings;
  mail: MailStatusView;
}

async function screen(): Promise<ScreenData> {
  const answer = await get(notificationsScreen, "/admin/notifications");
  expect(answer.status).toBe(200);
  expect(headersOf(answer.result).get("Cache-Control")).toBe("private, no-store");
  return body<ScreenData>(answer.result);
}

async function saveRouting(defaultRecipients: string[], routes: { subject: PresetSubject; recipients: string[] }[] = []) {
  const result = await updateNotificationRouting({ defaultRecipients, routes }, bob);
  if (!result.ok) throw new Error(`routing refused: ${JSON.stringify(result)}`);
  return result.record;
}

let people = 0;
/** A visitor's message with an address no other test uses, so `?email=` finds it alone. */
async function visitorMessage(subject = "General Inquiry") {
  people += 1;
  return saveContactMessage({
    name: `Visitor ${people}`,
    email: `visitor-${people}@example.org`,
    subject,
    message: `Message number ${people} from the notification tests.`,
  });
}

async function rowsOf(messageId: number) {
  return getDb().select().from(notifications).where(eq(notifications.messageId, messageId)).orderBy(asc(notifications.id));
}

interface InboxRow {
  id: number;
  email: string;
  notification: NotificationSummary;
}

async function inboxRowFor(email: string): Promise<InboxRow> {
  const filtered = await invoke(inbox, "/admin/messages", { cookie: ada, search: `?email=${encodeURIComponent(email)}` });
  expect(filtered.status).toBe(200);
  const { messages } = body<{ messages: InboxRow[] }>(filtered.result);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

async function messageViews(id: number): Promise<NotificationView[]> {
  const answer = await get(messagePage, `/admin/messages/${id}`, { id: String(id) });
  expect(answer.status).toBe(200);
  return body<{ message: { notifications: NotificationView[] } }>(answer.result).message.notifications;
}

/**
 * Delivery attempts without a mail server: the message is received at a moment of its own in the past
 * (each one earlier than the last), and the claim is made at that moment, so it takes this message's
 * notifications and no other test's.
 */
let pastYear = 2012;
async function messageClaimed(subject = "General Inquiry") {
  pastYear -= 1;
  const at = new Date(`${pastYear}-06-01T09:00:00Z`);
  setClock(() => at);
  const message = await visitorMessage(subject);
  setClock(null);
  const claimed = await claimDueNotifications(50, 60_000, at);
  expect(claimed.map((row) => row.id).sort()).toEqual((await rowsOf(message.id)).map((row) => row.id).sort());
  return { message, claimed, at };
}

const claimFor = (claimed: ClaimedNotification[], recipient: string) => {
  const row = claimed.find((entry) => entry.recipient === recipient);
  if (!row) throw new Error(`nothing claimed for ${recipient}`);
  return row;
};

describe("the Notifications screen", () => {
  it("is not there for anyone signed out: the screen and its form are 404 and nothing changes", async () => {
    const before = await readMessageSettings();
    expect((await get(notificationsScreen, "/admin/notifications", {}, "")).status).toBe(404);
    const answer = await post(notificationsScreen, "/admin/notifications", routingForm("intruder@example.com", {}, before.version), {}, "");
    expect(answer.status).toBe(404);
    expect(await readMessageSettings()).toEqual(before);
  });

  it("shows the seeded routing and how mail leaves this site (a local site: .eml files in its data folder)", async () => {
    const { settings, mail } = await screen();
    expect(settings).toEqual({
      defaultRecipients: ["hello@kestrelinsight.example"],
      routes: [{ subject: "Press Inquiry", recipients: ["press@kestrelinsight.example"] }],
      retentionMonths: 24,
      version: (await readMessageSettings()).version,
    });
    expect(mail.mode).toBe("file");
    expect(mail.description).toBe(`written as .eml files in ${testConfig.mail.fileDir}`);
    expect(testConfig.mail.fileDir.startsWith(testConfig.dataDir)).toBe(true);
  });

  it("saves the form posted without JavaScript: addresses trimmed, lowercased and each kept once; blank subjects dropped", async () => {
    const { settings } = await screen();
    const answer = await post(
      notificationsScreen,
      "/admin/notifications",
      routingForm(
        "  Sales@Example.com \n\nops@example.com\r\nsales@example.com\n",
        { "Press Inquiry": "press@example.com\nPR@Agency.example", "Security Issue": " security@example.com " },
        settings.version,
      ),
    );
    expect(await redirected(answer.result)).toEqual({
      status: 302,
      location: "/admin/notifications",
      toast: { title: "Success", description: "Notification settings updated successfully!" },
    });
    expect((await screen()).settings).toEqual({
      defaultRecipients: ["sales@example.com", "ops@example.com"],
      routes: [
        { subject: "Press Inquiry", recipients: ["press@example.com", "pr@agency.example"] },
        { subject: "Security Issue", recipients: ["security@example.com"] },
      ],
      retentionMonths: 24,
      version: settings.version + 1,
    });
  });

  const twentyOne = Array.from({ length: 21 }, (_, i) => `person${i + 1}@example.com`);
  const refusals: { name: string; form: (version: number) => URLSearchParams; field: string; message: string }[] = [
    { name: "no default recipients", form: (v) => routingForm("", {}, v), field: "defaultRecipients", message: NOTIFICATION_MESSAGES.defaultRequired },
    { name: "default recipients of blank lines only", form: (v) => routingForm(" \n \r\n ", {}, v), field: "defaultRecipients", message: NOTIFICATION_MESSAGES.defaultRequired },
    {
      name: "an invalid default address, named",
      form: (v) => routingForm("ok@example.com\nnot-an-address", {}, v),
      field: "defaultRecipients",
      message: '"not-an-address" is not a valid e-mail address',
    },
    {
      name: "an invalid address under a subject, named under that subject",
      form: (v) => routingForm("ok@example.com", { "Career Inquiry": "jobs@example.com\njobs@@example" }, v),
      field: `routes[${routeIndex("Career Inquiry")}].recipients`,
      message: '"jobs@@example" is not a valid e-mail address',
    },
    { name: "21 default addresses", form: (v) => routingForm(twentyOne.join("\n"), {}, v), field: "defaultRecipients", message: NOTIFICATION_MESSAGES.tooMany },
    {
      name: "21 addresses for one subject",
      form: (v) => routingForm("ok@example.com", { "Privacy Rights": twentyOne.join("\n") }, v),
      field: `routes[${routeIndex("Privacy Rights")}].recipients`,
      message: NOTIFICATION_MESSAGES.tooMany,
    },
  ];

  for (const refusal of refusals) {
    it(`refuses ${refusal.name}: 400, the message under its field, what was typed kept, nothing saved`, async () => {
      const before = await readMessageSettings();
      const form = refusal.form(before.version);
      const answer = await post(notificationsScreen, "/admin/notifications", form);
      expect(answer.status).toBe(400);
      expect(headersOf(answer.result).get("Cache-Control")).toBe("private, no-store");
      const reply = body<AdminFormReply>(answer.result);
      expect(reply.result.status).toBe("error");
      expect(reply.result.error?.[refusal.field]).toEqual([refusal.message]);
      const otherFields = Object.entries(reply.result.error ?? {}).filter(([field, messages]) => field !== refusal.field && (messages?.length ?? 0) > 0);
      expect(otherFields).toEqual([]);
      expect((reply.result.initialValue as { defaultRecipients?: string }).defaultRecipients).toBe(form.get("defaultRecipients") || undefined);
      expect(await readMessageSettings()).toEqual(before);
    });
  }

  it("takes 20 addresses, and 21 lines that are 20 addresses once duplicates in another case are dropped", async () => {
    const before = await readMessageSettings();
    const twenty = twentyOne.slice(0, 20);
    const answer = await post(notificationsScreen, "/admin/notifications", routingForm([...twenty, "PERSON1@EXAMPLE.COM"].join("\n"), {}, before.version));
    expect((await redirected(answer.result)).location).toBe("/admin/notifications");
    expect((await readMessageSettings()).defaultRecipients).toEqual(twenty);
  });

  it("refuses a stale save with 409: someone saved since the form was loaded; theirs is kept and the operator's typing comes back", async () => {
    const loaded = await readMessageSettings();
    await saveRouting(["bob-was-here@example.com"]);
    const answer = await post(notificationsScreen, "/admin/notifications", routingForm("ada-typed-this@example.com", {}, loaded.version));
    expect(answer.status).toBe(409);
    expect(headersOf(answer.result).get("Cache-Control")).toBe("private, no-store");
    const reply = body<AdminFormReply>(answer.result);
    expect(reply.result.error?.[""]?.[0]).toMatch(/^This was changed by bob@ops\.kestrelinsight\.example \(default recipients.*\) while you were editing\./);
    expect((reply.result.initialValue as { defaultRecipients?: string }).defaultRecipients).toBe("ada-typed-this@example.com");
    expect((await readMessageSettings()).defaultRecipients).toEqual(["bob-was-here@example.com"]);
    expect((await readMessageSettings()).version).toBe(loaded.version + 1);

    // Loaded again, the same save goes through.
    const again = await post(notificationsScreen, "/admin/notifications", routingForm("ada-typed-this@example.com", {}, loaded.version + 1));
    expect((await redirected(again.result)).location).toBe("/admin/notifications");
    expect((await readMessageSettings()).defaultRecipients).toEqual(["ada-typed-this@example.com"]);
  });
});

describe("the routing takes effect for the next message", () => {
  it("a routed subject goes to its own recipients (in any case, spaces around it), any other to the defaults", async () => {
    await saveRouting(["desk@example.com", "backup@example.com"], [{ subject: "Press Inquiry", recipients: ["press1@example.com", "press2@example.com"] }]);
    const press = await visitorMessage("Press Inquiry");
    expect((await rowsOf(press.id)).map((row) => [row.recipient, row.status, row.attempts])).toEqual([
      ["press1@example.com", "queued", 0],
      ["press2@example.com", "queued", 0],
    ]);
    const shouted = await visitorMessage("  PRESS inquiry ");
    expect((await rowsOf(shouted.id)).map((row) => row.recipient)).toEqual(["press1@example.com", "press2@example.com"]);
    for (const subject of ["Investment Inquiry", "A question about your fund"]) {
      const other = await visitorMessage(subject);
      expect((await rowsOf(other.id)).map((row) => row.recipient)).toEqual(["desk@example.com", "backup@example.com"]);
    }
  });

  it("a change made on the screen applies to the very next message sent through the contact form", async () => {
    const { settings } = await screen();
    const saved = await post(
      notificationsScreen,
      "/admin/notifications",
      routingForm("desk@example.com", { "Security Issue": "security-team@example.com\nciso@example.com" }, settings.version),
    );
    expect((await redirected(saved.result)).location).toBe("/admin/notifications");

    const email = "contact-form-visitor@example.org";
    const sent = await invoke(contactPage, "/contact", {
      method: "POST",
      body: new URLSearchParams({ name: "Grace Hopper", email, subject: "Security Issue", message: "I found a hole in your login page." }),
    });
    expect(sent.status).toBe(200);
    expect(body<{ status: string }>(sent.result).status).toBe("success");
    const [message] = await getDb().select().from(contactMessages).where(eq(contactMessages.email, email));
    expect((await rowsOf(message!.id)).map((row) => row.recipient)).toEqual(["security-team@example.com", "ciso@example.com"]);

    // The press route was removed by that save: press messages now go to the defaults.
    const press = await visitorMessage("Press Inquiry");
    expect((await rowsOf(press.id)).map((row) => row.recipient)).toEqual(["desk@example.com"]);
  });
});

interface ApiSettings {
  defaultRecipients: string[];
  routes: { subject: string; recipients: string[] }[];
  version: number;
}
const API = "/api/admin/notification-settings";

describe("GET and PUT /api/admin/notification-settings", () => {
  const put = (json: unknown, cookie = ada) => call(settingsApi, API, { method: "PUT", json, cookie });

  it("is 401 signed out, for reading and writing, and changes nothing", async () => {
    const before = await readMessageSettings();
    for (const answer of [await call(settingsApi, API), await put({ defaultRecipients: ["intruder@example.com"], routes: [] }, "")]) {
      expect(answer.status).toBe(401);
      expect(await jsonOf(answer)).toEqual({ message: "Unauthorized" });
    }
    expect(await readMessageSettings()).toEqual(before);
  });

  it("GET: the routing and its version, for the operator only (private, no-store)", async () => {
    const answer = await call(settingsApi, API, { cookie: ada });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const current = await readMessageSettings();
    expect(await jsonOf<ApiSettings>(answer)).toEqual({ defaultRecipients: current.defaultRecipients, routes: current.routes, version: current.version });
  });

  it("PUT: saves, answers the same shape, and the screen and the next GET show it", async () => {
    const { version } = await readMessageSettings();
    const answer = await put({
      defaultRecipients: [" Hello@Example.com ", "hello@example.com", "team@example.com"],
      routes: [
        { subject: "Career Inquiry", recipients: ["Jobs@Example.com"] },
        { subject: "Privacy Rights", recipients: [] },
      ],
      version,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const expected: ApiSettings = {
      defaultRecipients: ["hello@example.com", "team@example.com"],
      routes: [{ subject: "Career Inquiry", recipients: ["jobs@example.com"] }],
      version: version + 1,
    };
    expect(await jsonOf<ApiSettings>(answer)).toEqual(expected);
    expect(await jsonOf<ApiSettings>(await call(settingsApi, API, { cookie: ada }))).toEqual(expected);
    expect((await screen()).settings).toMatchObject(expected);
  });

  it("PUT without a version overwrites whatever is there", async () => {
    const { version } = await readMessageSettings();
    const answer = await put({ defaultRecipients: ["hello@example.com"], routes: [] });
    expect(answer.status).toBe(200);
    expect(await jsonOf<ApiSettings>(answer)).toEqual({ defaultRecipients: ["hello@example.com"], routes: [], version: version + 1 });
  });

  const twentyOne = Array.from({ length: 21 }, (_, i) => `api${i + 1}@example.com`);
  const invalid: { name: string; json: Record<string, unknown>; errors: Record<string, string[]> }[] = [
    { name: "no default recipients", json: { defaultRecipients: [], routes: [] }, errors: { defaultRecipients: [NOTIFICATION_MESSAGES.defaultRequired] } },
    { name: "default recipients missing", json: { routes: [] }, errors: { defaultRecipients: [NOTIFICATION_MESSAGES.defaultRequired] } },
    {
      name: "an invalid address, named",
      json: { defaultRecipients: ["fine@example.com", "nope"], routes: [] },
      errors: { defaultRecipients: ['"nope" is not a valid e-mail address'] },
    },
    { name: "21 addresses", json: { defaultRecipients: twentyOne, routes: [] }, errors: { defaultRecipients: [NOTIFICATION_MESSAGES.tooMany] } },
    {
      name: "a subject listed twice",
      json: {
        defaultRecipients: ["fine@example.com"],
        routes: [
          { subject: "Press Inquiry", recipients: ["a@example.com"] },
          { subject: "Press Inquiry", recipients: ["b@example.com"] },
        ],
      },
      errors: { routes: [NOTIFICATION_MESSAGES.duplicateSubject] },
    },
    {
      name: "a subject that is not a preset",
      json: { defaultRecipients: ["fine@example.com"], routes: [{ subject: "Sales", recipients: ["a@example.com"] }] },
      errors: { routes: [NOTIFICATION_MESSAGES.subject] },
    },
    {
      name: "an invalid address under a subject",
      json: { defaultRecipients: ["fine@example.com"], routes: [{ subject: "Press Inquiry", recipients: ["press at example.com"] }] },
      errors: { routes: ['"press at example.com" is not a valid e-mail address'] },
    },
    {
      name: "an unknown field (the body is strict)",
      json: { defaultRecipients: ["fine@example.com"], routes: [], cc: ["someone@example.com"] },
      errors: { cc: ["Unknown field"] },
    },
  ];
  it.each(invalid)("PUT refuses $name: 400 with `errors` by field, nothing saved", async ({ json, errors }) => {
    const before = await readMessageSettings();
    const answer = await put(json);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await jsonOf(answer)).toEqual({ message: "Validation failed", errors });
    expect(await readMessageSettings()).toEqual(before);
  });

  it("PUT refuses a misspelt field inside a route instead of silently dropping that subject's recipients", async () => {
    await saveRouting(["fine@example.com"], [{ subject: "Press Inquiry", recipients: ["press@example.com"] }]);
    const before = await readMessageSettings();
    const answer = await put({
      defaultRecipients: ["fine@example.com"],
      routes: [{ subject: "Press Inquiry", recipents: ["press-desk@example.com"] }],
      version: before.version,
    });
    const saved = await readMessageSettings();
    expect({ status: answer.status, routes: saved.routes }).toEqual({ status: 400, routes: before.routes });
    const { errors } = await jsonOf<{ errors: Record<string, string[]> }>(answer);
    expect(Object.values(errors).flat()).toContain("Unknown field");
    expect(saved).toEqual(before);
  });

  it("PUT with a stale version is 409 with what changed since, and the newer routing is kept", async () => {
    const loaded = (await jsonOf<ApiSettings>(await call(settingsApi, API, { cookie: ada }))).version;
    await saveRouting(["bob-again@example.com"]);
    const answer = await put({ defaultRecipients: ["ada@example.com"], routes: [], version: loaded });
    expect(answer.status).toBe(409);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const { message } = await jsonOf<{ message: string }>(answer);
    expect(message).toMatch(/^This was changed by bob@ops\.kestrelinsight\.example \(default recipients.*\) while you were editing\./);
    expect((await readMessageSettings()).defaultRecipients).toEqual(["bob-again@example.com"]);
  });

  it("is in the OpenAPI document: both operations, for operators, with the request and answer schemas", async () => {
    const document = await jsonOf<{
      paths: Record<string, Record<string, { operationId?: string; requestBody?: unknown; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; additionalProperties?: boolean; required?: string[] }> };
    }>(await call(openApiRoute, "/api/openapi.json"));
    const path = document.paths[API];
    expect(path).toBeDefined();
    expect(Object.keys(path!).filter((method) => ["get", "put", "post", "delete", "patch"].includes(method)).sort()).toEqual(["get", "put"]);
    expect(Object.keys(path!.get!.responses)).toEqual(expect.arrayContaining(["200", "401"]));
    expect(Object.keys(path!.put!.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "409"]));
    expect(JSON.stringify(path!.put!.requestBody)).toContain("NotificationSettingsInput");
    expect(JSON.stringify(path!.get!.responses["200"])).toContain("NotificationSettings");
    const input = document.components.schemas.NotificationSettingsInput!;
    expect(Object.keys(input.properties ?? {}).sort()).toEqual(["defaultRecipients", "routes", "version"]);
    expect(input.additionalProperties).toBe(false);
    expect(Object.keys(document.components.schemas.NotificationSettings!.properties ?? {}).sort()).toEqual(["defaultRecipients", "routes", "version"]);
  });
});

describe("the inbox shows each message's notification state", () => {
  beforeAll(async () => {
    await saveRouting(["desk@example.com"]);
  });

  it("queued right after a message arrives", async () => {
    const message = await visitorMessage();
    expect((await inboxRowFor(message.email)).notification).toEqual({ state: "queued", label: "Notification queued" });
    expect(await messageViews(message.id)).toEqual([
      { id: expect.any(Number), recipient: "desk@example.com", state: "queued", status: "Queued", error: null },
    ]);
  });

  it("sent once delivered (here: claimed, then marked sent as written to a file)", async () => {
    const { message, claimed, at } = await messageClaimed();
    const row = claimFor(claimed, "desk@example.com");
    expect(await markNotificationSent(row.id, row.claimToken, "file", at)).toBe(true);
    expect((await inboxRowFor(message.email)).notification).toEqual({ state: "sent", label: "Notified" });
    const [view] = await messageViews(message.id);
    expect(view).toMatchObject({ recipient: "desk@example.com", state: "sent", error: null });
    expect(view!.status).toMatch(/^Sent .+ \(kept on the server: this local site does not send e-mail\)$/);
  });

  it("retrying, with the mail server's last answer, after a failure that may pass", async () => {
    const { message, claimed } = await messageClaimed();
    const row = claimFor(claimed, "desk@example.com");
    const error = "421 4.7.0 Try again later, closing connection. (ECONNECTION)";
    expect(await markNotificationRetry(row.id, row.claimToken, error, new Date(Date.now() + 60 * 60_000))).toBe(true);
    expect((await inboxRowFor(message.email)).notification).toEqual({ state: "retrying", label: "Notification retrying" });
    const [view] = await messageViews(message.id);
    expect(view).toMatchObject({ recipient: "desk@example.com", state: "retrying", error });
    expect(view!.status).toMatch(/^Retrying .+ after 1 attempt$/);
  });

  it("failed, with the reason, after a failure that will not pass", async () => {
    const { message, claimed } = await messageClaimed();
    const row = claimFor(claimed, "desk@example.com");
    const error = "550 5.1.1 <desk@example.com>: Recipient address rejected: User unknown (EENVELOPE)";
    expect(await markNotificationFailed(row.id, row.claimToken, error)).toBe(true);
    expect((await inboxRowFor(message.email)).notification).toEqual({ state: "failed", label: "Notification failed" });
    expect(await messageViews(message.id)).toEqual([
      { id: row.id, recipient: "desk@example.com", state: "failed", status: "Failed after 1 attempt", error },
    ]);
  });

  it("none for a message nobody was told of (one stored before notifications existed)", async () => {
    const [message] = await getDb()
      .insert(contactMessages)
      .values({ name: "Old Visitor", email: "before-notifications@example.org", subject: "General Inquiry", message: "Sent before the outbox existed." })
      .returning();
    expect((await inboxRowFor(message!.email)).notification).toEqual({ state: "none", label: "Nobody notified" });
    expect(await messageViews(message!.id)).toEqual([]);
  });

  it("the message page lists every recipient with its own status and error; the inbox shows the one that needs an eye", async () => {
    await saveRouting(["desk@example.com", "ops@example.com", "late@example.com"]);
    const { message, claimed, at } = await messageClaimed();
    const desk = claimFor(claimed, "desk@example.com");
    const ops = claimFor(claimed, "ops@example.com");
    const late = claimFor(claimed, "late@example.com");
    await markNotificationSent(desk.id, desk.claimToken, "smtp", at);
    await markNotificationFailed(ops.id, ops.claimToken, "554 5.7.1 Relay access denied (EENVELOPE)");
    await markNotificationRetry(late.id, late.claimToken, "Connection timeout (ETIMEDOUT)", new Date(Date.now() + 60_000));
    const views = await messageViews(message.id);
    expect(views.map((view) => [view.recipient, view.state, view.error])).toEqual([
      ["desk@example.com", "sent", null],
      ["ops@example.com", "failed", "554 5.7.1 Relay access denied (EENVELOPE)"],
      ["late@example.com", "retrying", "Connection timeout (ETIMEDOUT)"],
    ]);
    expect(views[0]!.status).toMatch(/^Sent /);
    expect(views[0]!.status).not.toContain("file");
    expect((await inboxRowFor(message.email)).notification.state).toBe("failed");

    // Without the failed row, the retry is what is left to watch.
    await getDb().delete(notifications).where(eq(notifications.id, ops.id));
    expect((await inboxRowFor(message.email)).notification.state).toBe("retrying");
  });

  it("the message page is 404 signed out, and for a message that is not there", async () => {
    const message = await visitorMessage();
    expect((await get(messagePage, `/admin/messages/${message.id}`, { id: String(message.id) }, "")).status).toBe(404);
    expect((await get(messagePage, "/admin/messages/99999999", { id: "99999999" })).status).toBe(404);
  });
});

describe("resending a message's notification", () => {
  const resend = (id: number, cookie = ada) =>
    post(messagePage, `/admin/messages/${id}`, new URLSearchParams({ intent: "resend" }), { id: String(id) }, cookie);

  it("is not queued twice for a recipient whose notification is still waiting", async () => {
    await saveRouting(["first@example.com", "second@example.com"]);
    const message = await visitorMessage();
    expect(await redirected((await resend(message.id)).result)).toEqual({
      status: 302,
      location: `/admin/messages/${message.id}`,
      toast: { title: "Success", description: "The notification is already queued for everyone it goes to." },
    });
    expect((await rowsOf(message.id)).map((row) => row.recipient)).toEqual(["first@example.com", "second@example.com"]);
  });

  it("queues it again for those it was sent to or failed for, once each, to the routing as it is now", async () => {
    await saveRouting(["first@example.com", "second@example.com", "third@example.com"]);
    const { message, claimed, at } = await messageClaimed();
    const first = claimFor(claimed, "first@example.com");
    const second = claimFor(claimed, "second@example.com");
    await markNotificationSent(first.id, first.claimToken, "file", at);
    await markNotificationFailed(second.id, second.claimToken, "550 No such user (EENVELOPE)");
    // third@ is still being tried (claimed, not finished): it is still queued.

    expect((await redirected((await resend(message.id)).result)).toast).toEqual({
      title: "Success",
      description: "Notification queued for 2 recipients.",
    });
    const rows = await rowsOf(message.id);
    expect(rows.map((row) => [row.recipient, row.status])).toEqual([
      ["first@example.com", "sent"],
      ["second@example.com", "failed"],
      ["third@example.com", "queued"],
      ["first@example.com", "queued"],
      ["second@example.com", "queued"],
    ]);
    const views = await messageViews(message.id);
    expect(views.map((view) => [view.recipient, view.state])).toEqual([
      ["first@example.com", "sent"],
      ["second@example.com", "failed"],
      ["third@example.com", "retrying"],
      ["first@example.com", "queued"],
      ["second@example.com", "queued"],
    ]);

    // At once again: everyone already has one waiting.
    expect((await redirected((await resend(message.id)).result)).toast?.description).toBe(
      "The notification is already queued for everyone it goes to.",
    );
    expect(await rowsOf(message.id)).toHaveLength(5);

    // The routing changed: the new recipient is told, the others still have theirs waiting.
    await saveRouting(["first@example.com", "fourth@example.com"]);
    expect((await redirected((await resend(message.id)).result)).toast?.description).toBe("Notification queued for 1 recipient.");
    expect((await rowsOf(message.id)).map((row) => row.recipient).slice(5)).toEqual(["fourth@example.com"]);
  });

  it("signed out it is a 404 and queues nothing", async () => {
    const message = await visitorMessage();
    const before = await rowsOf(message.id);
    const ids = before.map((row) => row.id);
    await getDb().update(notifications).set({ status: "sent", sentAt: new Date() }).where(inArray(notifications.id, ids));
    expect((await resend(message.id, "")).status).toBe(404);
    expect(await rowsOf(message.id)).toHaveLength(before.length);
  });
});

describe("history of the notification settings", () => {
  interface ListData {
    record: { label: string; currentVersion: number; editorUrl: string };
    versions: VersionSummary[];
  }
  const history = async () => {
    const answer = await get(historyList, "/admin/notifications/history", { section: "notifications" });
    expect(answer.status).toBe(200);
    return body<ListData>(answer.result);
  };

  it("is 404 signed out", async () => {
    expect((await get(historyList, "/admin/notifications/history", { section: "notifications" }, "")).status).toBe(404);
  });

  it("keeps a revision for every save, from the screen and from the API, each saying what it changed", async () => {
    const before = await history();
    expect(before.record.editorUrl).toBe("/admin/notifications");
    const start = (await readMessageSettings()).version;
    expect(before.record.currentVersion).toBe(start);

    const saved = await post(notificationsScreen, "/admin/notifications", routingForm("history-one@example.com", {}, start));
    expect((await redirected(saved.result)).location).toBe("/admin/notifications");
    const put = await call(settingsApi, API, {
      method: "PUT",
      cookie: ada,
      json: { defaultRecipients: ["history-one@example.com"], routes: [{ subject: "Press Inquiry", recipients: ["history-press@example.com"] }], version: start + 1 },
    });
    expect(put.status).toBe(200);

    const after = await history();
    expect(after.record.currentVersion).toBe(start + 2);
    expect(after.versions.length).toBe(before.versions.length + 2);
    const [newest, previous] = after.versions;
    expect(newest).toMatchObject({ version: start + 2, current: true, changed: ["Recipients by subject"] });
    expect(previous).toMatchObject({ version: start + 1, current: false, changed: ["Default recipients"] });
    expect(newest!.who).toContain("admin@kestrelinsight.example");

    // A refused save keeps no revision.
    const refused = await post(notificationsScreen, "/admin/notifications", routingForm("", {}, start + 2));
    expect(refused.status).toBe(400);
    expect((await history()).versions.length).toBe(after.versions.length);
  });
});
