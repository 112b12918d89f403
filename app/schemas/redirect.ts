import { z } from "zod";
import { isSiteOwnPath, leavesSite, MAX_PATH_LENGTH, normalisePath, reservedPrefixOf } from "~/utils/site-paths";
import { checkbox, isHttpUrl, optionalText, recordVersion } from "./fields";

export const REDIRECT_STATUS_CODES = [301, 302, 307, 308, 410] as const;
export type RedirectStatusCode = (typeof REDIRECT_STATUS_CODES)[number];

/** The status select's labels: what each answer means to an operator. */
export const STATUS_LABELS: Record<RedirectStatusCode, string> = {
  301: "301 Moved permanently",
  302: "302 Found (temporary)",
  307: "307 Temporary redirect",
  308: "308 Permanent redirect",
  410: "410 Gone (page removed)",
};

export const REDIRECT_MESSAGES = {
  fromRequired: "From is required",
  fromNotPath: "Enter a path on this site, starting with / (for example /old-page)",
  fromTooLong: `Must be ${MAX_PATH_LENGTH} characters or fewer`,
  fromReserved: (prefix: string) => `Addresses under ${prefix} belong to the site and cannot be redirected`,
  fromOwnFile: "This address is one of the site's own files and cannot be redirected",
  fromTaken: (from: string) => `A redirect from ${from} already exists: edit that one instead`,
  toRequired: "To is required for a redirect (301, 302, 307 or 308)",
  toInvalid: "Enter a path on this site (/about) or a full address starting with https:// or http://",
  toLeavesSite:
    "This path would take visitors to another site: enter a path on this site (/about), or another site's full address starting with https://",
  toWithGone: "A 410 rule answers that the page has been removed: leave To empty",
  toSelf: "To is the same address as From: the redirect would point at itself",
  statusInvalid: "Choose 301, 302, 307, 308 or 410",
  shadowsPage: (from: string) =>
    `${from} is a page of this site: visitors would be sent away from it. Tick "Replace this page" to confirm.`,
  loop: (chain: string[]) => `This rule would make a loop: ${chain.join(" → ")}`,
  chain: (chain: string[], max: number) =>
    `This rule would make a chain of ${chain.length - 1} redirects (at most ${max}): ${chain.join(" → ")}`,
} as const;

/** At most this many rules followed one after another: browsers and crawlers give up on longer chains. */
export const MAX_CHAIN = 5;

/**
 * A path on this site ("/about?x=1#y") or an absolute http(s) URL; no spaces. A path that a browser would
 * read as another site's ("//elsewhere", "/.//elsewhere") is refused by `to` with its own message.
 */
export function isRedirectTarget(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith("/")) return normalisePath(value) !== null;
  return isHttpUrl(value);
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : value === null ? "" : value);

const from = z.preprocess(
  text,
  z
    .string({ error: REDIRECT_MESSAGES.fromRequired })
    .min(1, { error: REDIRECT_MESSAGES.fromRequired, abort: true })
    .max(MAX_PATH_LENGTH, { error: REDIRECT_MESSAGES.fromTooLong, abort: true })
    .transform((value, ctx) => {
      const path = normalisePath(value);
      if (path === null) {
        ctx.addIssue({ code: "custom", message: REDIRECT_MESSAGES.fromNotPath });
        return z.NEVER;
      }
      const prefix = reservedPrefixOf(path);
      if (prefix) {
        ctx.addIssue({ code: "custom", message: REDIRECT_MESSAGES.fromReserved(prefix) });
        return z.NEVER;
      }
      if (isSiteOwnPath(path)) {
        ctx.addIssue({ code: "custom", message: REDIRECT_MESSAGES.fromOwnFile });
        return z.NEVER;
      }
      return path;
    }),
);

// Left out (a form sends no empty field, a JSON body may omit it) is empty: right for a 410, and a
// redirect without one is refused by checkRuleShape as missing.
const to = z.preprocess(
  (value) => (value === undefined ? "" : text(value)),
  z
    .string({ error: REDIRECT_MESSAGES.toInvalid })
    .max(2048, "Must be 2048 characters or fewer")
    .refine((value) => !(value.startsWith("/") && leavesSite(value)), { error: REDIRECT_MESSAGES.toLeavesSite, abort: true })
    .refine((value) => value === "" || isRedirectTarget(value), REDIRECT_MESSAGES.toInvalid),
);

const statusCode = z.preprocess(
  (value) => (typeof value === "string" && /^\d{3}$/.test(value.trim()) ? Number(value) : value),
  z.union(
    REDIRECT_STATUS_CODES.map((code) => z.literal(code)),
    { error: REDIRECT_MESSAGES.statusInvalid },
  ),
);

/** The fields of a rule, without the checks between them (see redirectSchema). */
export const redirectFields = z.object({
  from,
  to,
  statusCode,
  note: optionalText(500).transform((value) => value ?? ""),
  confirmShadow: checkbox.optional().transform((value) => value ?? false),
  version: recordVersion,
});

/** A 410 has no destination, a redirect has one, and never its own address. */
export function checkRuleShape(
  value: { from: string; to: string; statusCode: number },
  ctx: z.RefinementCtx,
): void {
  if (value.statusCode === 410 && value.to !== "") {
    ctx.addIssue({ code: "custom", path: ["to"], message: REDIRECT_MESSAGES.toWithGone });
  } else if (value.statusCode !== 410 && value.to === "") {
    ctx.addIssue({ code: "custom", path: ["to"], message: REDIRECT_MESSAGES.toRequired });
  } else if (value.to.startsWith("/") && normalisePath(value.to) === value.from) {
    ctx.addIssue({ code: "custom", path: ["to"], message: REDIRECT_MESSAGES.toSelf });
  }
}

/**
 * The redirect dialog and the CSV import's rows (the API's bodies are the same fields, strict). `from`
 * comes out normalised; `confirmShadow` is the second confirmation a rule over a real page needs (not
 * stored).
 */
export const redirectSchema = redirectFields.superRefine(checkRuleShape);
export type RedirectInput = z.infer<typeof redirectSchema>;

/** The 404 log's "Ignore" button. */
export const ignoreNotFoundSchema = z.object({
  path: z.preprocess(text, z.string({ error: "Invalid input" }).min(1, "Invalid input").max(MAX_PATH_LENGTH)),
});
