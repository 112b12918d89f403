import { withPage } from "./pagination";

/** The inbox, or one person's messages in it, at a page. */
export function inboxPath(email: string | null, page = 1): string {
  return withPage(email === null ? "/admin/messages" : `/admin/messages?email=${encodeURIComponent(email)}`, page);
}

/** A message (or another route under the inbox) that comes back to the same list: person and page kept. */
export function inboxChildPath(child: string, email: string | null, page = 1, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (email !== null) query.set("email", email);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return `/admin/messages/${child}${search ? `?${search}` : ""}`;
}
