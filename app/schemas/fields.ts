import { z } from "zod";

/**
 * Field builders shared by every schema. Each accepts both what a native form posts (strings, a
 * checkbox's "on", nothing for an unchecked box) and what the JSON API receives (typed values), so one
 * schema serves the form, its action and the API.
 */

const toText = (value: unknown) => (typeof value === "string" ? value.trim() : value === null ? undefined : value);

/** PostgreSQL text cannot hold U+0000 and nobody types it: refused as invalid input rather than failing the write. */
const hasNul = (value: string) => value.includes("\u0000");

function string(error: string) {
  return z.string({ error }).refine((value) => !hasNul(value), { message: "Invalid input", abort: true });
}

/** A required text: missing, blank or whitespace-only gives `requiredMessage`. */
export function requiredText(requiredMessage: string, max: number) {
  return z.preprocess(
    toText,
    string(requiredMessage)
      // abort: a missing value gets only "… is required", not also the format message of a refine after it.
      .min(1, { error: requiredMessage, abort: true })
      .max(max, `Must be ${max} characters or fewer`),
  );
}

/** A text with a minimum length, as the contact form's fields. */
export function minText(min: number, message: string, max: number) {
  return z.preprocess(
    toText,
    string(message).min(min, message).max(max, `Must be ${max} characters or fewer`),
  );
}

/** Missing, null or blank (whitespace only) as null; a text trimmed; anything else as it is. */
export function blankAsNull(value: unknown): unknown {
  const text = toText(value);
  return text === "" || text === undefined ? null : text;
}

/** An optional text: missing or blank becomes null. */
export function optionalText(max: number) {
  return z.preprocess(
    blankAsNull,
    string("Invalid input").max(max, `Must be ${max} characters or fewer`).nullable(),
  );
}

export function isHttpUrl(value: string): boolean {
  if (hasNul(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** A path on this site ("/about", not "//elsewhere") or an absolute http(s) URL: safe to put in an href. */
export function isSafeLink(value: string): boolean {
  if (hasNul(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  return isHttpUrl(value);
}

/** An absolute http(s) URL. */
export function httpUrl(message: string, max = 2048) {
  return z.preprocess(
    toText,
    string(message)
      .max(max, `Must be ${max} characters or fewer`)
      .refine(isHttpUrl, message),
  );
}

/** A required link: a site path or an absolute http(s) URL. */
export function requiredLink(requiredMessage: string, max = 2048) {
  return requiredText(requiredMessage, max).refine(isSafeLink, "Must be a valid URL");
}

/** An optional link; blank becomes null. Anything else must be a site path or an http(s) URL. */
export function optionalLink(max = 2048) {
  return optionalText(max).refine((value) => value === null || isSafeLink(value), "Must be a valid URL");
}

export function email(message: string) {
  return z.preprocess(
    toText,
    string(message).max(254, "Must be 254 characters or fewer").pipe(z.email(message)),
  );
}

/** Display order: a whole number of 0 or more; input that is not a number at all becomes 0 (SPEC 5). */
export const displayOrder = z.preprocess(
  (value) => {
    if (typeof value === "number") return value;
    const text = typeof value === "string" ? value.trim() : "";
    if (text === "" || Number.isNaN(Number(text))) return 0;
    return Number(text);
  },
  z
    .number({ error: "Invalid input" })
    .int("Must be a whole number")
    .min(0, "Number must be greater than or equal to 0")
    .max(100_000, "Number must be less than or equal to 100000"),
);

/** How many months something is kept: a whole number from 1 to 120, and `message` for anything else. */
export function monthsKept(message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value === "" ? undefined : value),
    z.number({ error: message }).int(message).min(1, message).max(120, message),
  );
}

/** A checkbox: "on" or "true" (or JSON true) is true; missing is false. */
export const checkbox = z.preprocess((value) => {
  if (value === true || value === "on" || value === "true") return true;
  if (value === false || value === undefined || value === null || value === "" || value === "false" || value === "off") {
    return false;
  }
  return value;
}, z.boolean({ error: "Invalid input" }));

/**
 * A checkbox whose absence means "not said" (undefined), for a default decided elsewhere. Its form posts a
 * hidden "off" before the box, so an unticked box says false and a ticked one posts ["off", "on"]: the last wins.
 */
export const statedCheckbox = z.preprocess((value) => {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === true || last === "on" || last === "true") return true;
  if (last === false || last === "off" || last === "false") return false;
  return last === undefined || last === null || last === "" ? undefined : last;
}, z.boolean({ error: "Invalid input" }).optional());

/**
 * The version of the record the operator (or API client) read, sent back with a save so that a save made
 * over someone else's newer one is refused (409) rather than silently overwriting it. Optional: without
 * it a save overwrites. A form posts it as text from a hidden field; JSON as a number.
 */
export const recordVersion = z
  .preprocess(
    (value) => (typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value === "" ? undefined : value),
    z
      .number({ error: "Invalid input" })
      .int("Must be a whole number")
      .min(0, "Number must be greater than or equal to 0")
      .max(2_147_483_647, "Number must be less than or equal to 2147483647")
      .optional(),
  )
  .meta({
    description: "Optional: the version you read. When given and the record has changed since, the save is refused with 409.",
  });

/** A validated save split into what the model writes and the version it was made from. */
export function withoutVersion<T extends { version?: number }>(value: T): { input: Omit<T, "version">; version: number | undefined } {
  const { version, ...input } = value;
  return { input, version };
}
