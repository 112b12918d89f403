import { readToast } from "~/server/forms/toast.server";
import { SITE } from "./api-client";

/** What a loader or action answered with `data(...)` (or plain data): its value. */
export function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

/** The headers of a Response, or of `data(...)`'s init. */
export function headersOf(result: unknown): Headers {
  const value = result as { init?: ResponseInit | null };
  return result instanceof Response ? result.headers : new Headers(value?.init?.headers);
}

/** A form action's redirect: where it goes and the toast it carries (read back from its flash cookie). */
export async function redirected(result: unknown) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(body(result))}`);
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))?.split(";")[0];
  const { toast } = await readToast(new Request(SITE, { headers: cookie ? { Cookie: cookie } : {} }));
  return { status: result.status, location: result.headers.get("Location"), toast };
}
