import { formatShortDate } from "~/utils/dates";

/**
 * Times in the admin, as an operator in the UK reads them: London time, "Today, 14:05" for today,
 * "3 Mar 2025, 09:12" otherwise. Formatted on the server, so the page reads the same before and after
 * hydration whatever the browser's time zone.
 */
const TIME_ZONE = "Europe/London";

const day = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const time = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit" });

export function formatAdminTime(at: Date, now: Date = new Date()): string {
  const sameDay = day.format(at) === day.format(now);
  return `${sameDay ? "Today" : formatShortDate(at)}, ${time.format(at)}`;
}
