/**
 * Dates, one way everywhere (issue 38): "7 October 2025" where a date is read in a sentence or a heading,
 * "7 Oct 2025" in the admin's compact columns, "7 October 2025, 09:30 BST" for a time. Always the date in
 * London (the site's readers and operators are in the UK), whatever the server's or browser's time zone.
 * The one exception is SPEC's: the policies' own dates, "07 October 2025" (formatPolicyDate).
 */

const TIME_ZONE = "Europe/London";

const long = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const short = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, day: "numeric", month: "short", year: "numeric" });
const policy = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, day: "2-digit", month: "long", year: "numeric" });
const longWithTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

/** "7 October 2025". */
export function formatLongDate(date: Date | string): string {
  return long.format(new Date(date));
}

/** "7 Oct 2025": the admin's compact columns. */
export function formatShortDate(date: Date | string): string {
  return short.format(new Date(date));
}

/** "7 October 2025, 09:30 BST". */
export function formatLongDateTime(date: Date | string): string {
  return longWithTime.format(new Date(date)).replace(" at ", ", ");
}

/** SPEC's style for the policies' dates: "07 October 2025". */
export function formatPolicyDate(date: Date | string): string {
  return policy.format(new Date(date));
}

/** "2025-09-02" -> "2 September 2025" (a calendar date: noon UTC is that date in London all year). */
export function formatIsoDate(iso: string): string {
  return formatLongDate(`${iso}T12:00:00Z`);
}
