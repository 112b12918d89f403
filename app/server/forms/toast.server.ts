import { createCookie, redirect } from "@remix-run/node";
import { parse as parseCookies } from "cookie";
import { z } from "zod";
import { COOKIE_NAMES } from "~/utils/cookie-registry";
import { getConfig } from "~/server/config.server";
import { UNDO_TARGET, type ToastMessage } from "~/utils/toast";

/** A toast carried across a redirect (post/redirect/get), shown once by the next page. */
function toastCookie() {
  const config = getConfig();
  return createCookie(COOKIE_NAMES.toast, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secure,
    path: "/",
    maxAge: 60,
    secrets: [config.sessionSecret],
  });
}

const toastShape = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).optional(),
  undo: z
    .object({
      collection: z.string().max(40),
      id: z.number().int().positive(),
      returnTo: z.string().regex(UNDO_TARGET),
      label: z.string().max(300),
    })
    .optional(),
});

export async function toastHeader(toast: ToastMessage): Promise<string> {
  return toastCookie().serialize(toast);
}

export async function redirectWithToast(url: string, toast: ToastMessage, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: ToastMessage | null; clear: string | null }> {
  const header = request.headers.get("Cookie");
  // The same parser as the cookie itself (and the page cache): only a toast cookie costs a signature check.
  if (!header || parseCookies(header)[COOKIE_NAMES.toast] === undefined) return { toast: null, clear: null };
  const parsed = toastShape.safeParse(await toastCookie().parse(header));
  return {
    toast: parsed.success ? parsed.data : null,
    clear: await toastCookie().serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}
