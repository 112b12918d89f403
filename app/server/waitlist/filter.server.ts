import { WAITLIST_STATUSES, type WaitlistFilter, type WaitlistStatus } from "~/models/waitlist.server";

/** `?q=` (part of an address), `?platform=` (a product id) and `?status=`, as the list, the CSV and the API read them. */
export function waitlistFilter(search: URLSearchParams): WaitlistFilter & { error?: string } {
  const q = (search.get("q") ?? search.get("email") ?? "").trim().slice(0, 254);
  const platformText = (search.get("platform") ?? "").trim();
  const statusText = (search.get("status") ?? "").trim();
  if (platformText !== "" && !/^\d{1,9}$/.test(platformText))
    return { error: "platform must be a product id" };
  if (statusText !== "" && !(WAITLIST_STATUSES as readonly string[]).includes(statusText)) {
    return { error: `status must be one of ${WAITLIST_STATUSES.join(", ")}` };
  }
  return {
    search: q === "" ? null : q,
    platform: platformText === "" ? null : Number(platformText),
    status: statusText === "" ? null : (statusText as WaitlistStatus),
  };
}

/** The query string of a filter (without the page), for the list's links and its CSV. */
export function filterQuery(filter: WaitlistFilter): string {
  const params = new URLSearchParams();
  if (filter.search) params.set("q", filter.search);
  if (filter.platform) params.set("platform", String(filter.platform));
  if (filter.status) params.set("status", filter.status);
  const text = params.toString();
  return text ? `?${text}` : "";
}
