/**
 * The site's operators and readers are in the UK: times an operator types ("Publish at", a datetime-local
 * field with no zone) are read as London time, and times are shown in London time, summer time included.
 */

import { formatLongDate, formatLongDateTime } from "./dates";

export const SITE_TIME_ZONE = "Europe/London";

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function londonParts(date: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(date)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return parts;
}

/** London's offset from UTC at an instant, in minutes (0 or 60). */
function londonOffset(date: Date): number {
  const p = londonParts(date);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "2026-12-01T09:30" read as London time; null when it is not such a value or not a real time. */
export function fromLondonLocal(value: string): Date | null {
  const m = LOCAL.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((n) => Number(n ?? 0)) as number[];
  const guess = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(guess);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59) return null;
  // The offset at the guess, then at the corrected instant (right on either side of a clock change).
  let instant = guess - londonOffset(new Date(guess)) * 60_000;
  instant = guess - londonOffset(new Date(instant)) * 60_000;
  return new Date(instant);
}

/** The value of a datetime-local field showing `date` in London time. */
export function toLondonLocal(date: Date): string {
  // Every search asks for today's date: the minute asked last is kept (London's offset is whole hours).
  const minute = Math.floor(date.getTime() / 60_000);
  if (minute === lastMinute.minute) return lastMinute.local;
  const p = londonParts(date);
  const pad = (n: number | undefined) => String(n).padStart(2, "0");
  const local = `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
  lastMinute = { minute, local };
  return local;
}
let lastMinute = { minute: NaN, local: "" };

/** "1 December 2026, 09:30 GMT" (app/utils/dates.ts: one style everywhere). */
export function formatLondonDateTime(date: Date | string): string {
  return formatLongDateTime(date);
}

/** "1 December 2026": the date in London. */
export function formatLondonDate(date: Date | string): string {
  return formatLongDate(date);
}

/** "2026-12-01": the date in London, for <time dateTime>. */
export function londonIsoDate(date: Date | string): string {
  return toLondonLocal(new Date(date)).slice(0, 10);
}

/**
 * "2026-W48": the ISO 8601 week (Monday to Sunday) of the London calendar date at `date`, so a week turns
 * at midnight London time on Sunday night, summer time included, and a year's last days may be week 1.
 */
export function londonIsoWeek(date: Date): string {
  const [year, month, day] = londonIsoDate(date).split("-").map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const weekday = calendar.getUTCDay() || 7; // Monday 1 .. Sunday 7
  // The week's Thursday decides its year (ISO 8601).
  calendar.setUTCDate(calendar.getUTCDate() + 4 - weekday);
  const isoYear = calendar.getUTCFullYear();
  const week = Math.ceil(((calendar.getTime() - Date.UTC(isoYear, 0, 1)) / 86_400_000 + 1) / 7);
  return `${isoYear}-W${String(week).padStart(2, "0")}`;
}
