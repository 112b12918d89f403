import { describe, expect, it } from "vitest";
import { getContactMessage, saveContactMessage } from "~/models/contact-messages.server";
import * as messageRoute from "~/routes/admin.messages.$id";
import { invoke, operatorCookie } from "../helpers/api-client";

/** Issue 38, the third pass: what visitors and operators see. */

describe("opening a message (defect 4)", () => {
  it("marks an unread message read, once, and not when the browser only prefetches it", async () => {
    const message = await saveContactMessage({
      name: "Ada",
      email: "ada@example.com",
      subject: "Opened",
      message: "Opening me marks me read.",
    });
    const cookie = await operatorCookie();
    const open = (headers: Record<string, string> = {}) =>
      invoke(messageRoute, `/admin/messages/${message.id}`, { cookie, headers, params: { id: String(message.id) } });

    expect((await open({ "Sec-Purpose": "prefetch" })).status).toBe(200);
    expect((await getContactMessage(message.id))!.readAt).toBeNull();

    expect((await open()).status).toBe(200);
    const firstRead = (await getContactMessage(message.id))!.readAt;
    expect(firstRead).toBeInstanceOf(Date);

    // Idempotent: opening it again keeps the time it was first read.
    await open();
    expect((await getContactMessage(message.id))!.readAt).toEqual(firstRead);
  });

  it("signed out, opening changes nothing", async () => {
    const message = await saveContactMessage({ name: "Bo", email: "bo@example.com", subject: "Closed", message: "Still unread." });
    const { status } = await invoke(messageRoute, `/admin/messages/${message.id}`, { params: { id: String(message.id) } });
    expect(status).toBeGreaterThanOrEqual(300);
    expect((await getContactMessage(message.id))!.readAt).toBeNull();
  });
});
