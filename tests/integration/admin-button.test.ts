import { afterEach, describe, expect, it, vi } from "vitest";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { getConfig, setConfig } from "~/server/config.server";
import { handleAdminButton, type AdminButtonOptions } from "~/server/forms/admin-button.server";
import { operatorCookie, SITE } from "../helpers/api-client";
import { redirected } from "../helpers/form-answers";
import { settle, testContext } from "../helpers/route-result";

/**
 * What every admin button that is not a form to fill in answers (End session, Mark invited, Ignore, Restore,
 * Mark as read): the screen again with a toast, whatever happened, and never a write from a stranger's post.
 */

const config = getConfig();
afterEach(() => {
  setConfig(config);
  vi.restoreAllMocks();
});

let address = 0;
async function press(
  form: Record<string, string>,
  options: Partial<AdminButtonOptions> = {},
  cookie?: string,
) {
  const request = new Request(`${SITE}/admin/things`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { Cookie: cookie ?? (await operatorCookie()) },
  });
  return handleAdminButton({
    request,
    context: { ...testContext, clientAddress: `198.51.100.${(address++ % 200) + 20}` },
    intents: ["do"],
    back: "/admin/things",
    failureMessage: "Failed to do the thing. Please try again.",
    run: async () => ({ title: "Success", description: "Done." }),
    ...options,
  });
}

describe("an admin button's post", () => {
  it("returns to the screen with the toast the write chose", async () => {
    const answer = await redirected(await press({ intent: "do" }));
    expect(answer).toEqual({
      status: 302,
      location: "/admin/things",
      toast: { title: "Success", description: "Done." },
    });
  });

  it("returns where the posted form says when the screen asks it", async () => {
    const back = (form: FormData) => `/admin/things?page=${String(form.get("page"))}`;
    expect((await redirected(await press({ intent: "do", page: "3" }, { back }))).location).toBe(
      "/admin/things?page=3",
    );
  });

  it("answers 400 and writes nothing for an intent the screen does not post", async () => {
    const run = vi.fn(async () => ({ title: "Success", description: "Done." }));
    for (const form of [{ intent: "delete" }, {}] as Record<string, string>[]) {
      const answer = await settle(() => press(form, { run }));
      expect(answer.status).toBe(400);
    }
    expect(run).not.toHaveBeenCalled();
  });

  it("is 404 to a visitor who is not signed in, and writes nothing", async () => {
    const run = vi.fn(async () => ({ title: "Success", description: "Done." }));
    expect((await settle(() => press({ intent: "do" }, { run }, "kestrel_session=forged"))).status).toBe(404);
    expect(run).not.toHaveBeenCalled();
  });

  it("over the write limit, returns with the limit's toast and writes nothing", async () => {
    setConfig({
      ...config,
      rateLimits: { ...config.rateLimits, adminWrite: { max: 1, windowSeconds: 600 } },
    });
    const run = vi.fn(async () => ({ title: "Success", description: "Done." }));
    const context = { ...testContext, clientAddress: "198.51.100.250" };
    await press({ intent: "do" }, { run, context });
    const answer = await redirected(await press({ intent: "do" }, { run, context }));
    expect(answer.toast).toEqual({ title: "Error", description: RATE_LIMIT_MESSAGE, variant: "destructive" });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("tells a failed write as the screen's failure toast, and logs the error", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await redirected(
      await press({ intent: "do" }, { run: async () => Promise.reject(new Error("constraint violated")) }),
    );
    expect(answer).toMatchObject({
      location: "/admin/things",
      toast: {
        title: "Error",
        description: "Failed to do the thing. Please try again.",
        variant: "destructive",
      },
    });
    expect(log).toHaveBeenCalledWith("[admin] Failed to do the thing. Please try again.", expect.any(Error));
  });

  it("passes a database that is away, and an answer the write throws, to the server as they are", async () => {
    const away = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    await expect(press({ intent: "do" }, { run: () => Promise.reject(away) })).rejects.toBe(away);
    const gone = new Response("Not Found", { status: 404 });
    await expect(press({ intent: "do" }, { run: () => Promise.reject(gone) })).rejects.toBe(gone);
  });

  it("lets the write answer for itself (a sign-out, another page)", async () => {
    const answer = await press(
      { intent: "do" },
      { run: async () => new Response(null, { status: 303, headers: { Location: "/" } }) },
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/");
  });
});
