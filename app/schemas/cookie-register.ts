import { z } from "zod";
import { COOKIE_PURPOSES, type CookieRegisterItem } from "~/utils/cookie-register";
import { checkbox, monthsKept, recordVersion } from "./fields";

export const COOKIE_REGISTER_MESSAGES = {
  name: "Enter the cookie or storage item's name",
  provider: "Enter who sets it",
  purpose: `Choose a purpose: ${COOKIE_PURPOSES.join(", ")}`,
  duration: "Enter how long it is kept",
  description: "Enter what it does",
  tooLong: (max: number) => `Use at most ${max} characters`,
  empty: "Keep at least one item in the register",
  duplicate: "List each name once",
  retention: "Enter a whole number of months from 1 to 120",
} as const;

const MAX = { name: 120, provider: 120, duration: 80, description: 500 } as const;

const text = z.preprocess((value) => (typeof value === "string" ? value.trim() : value === undefined || value === null ? "" : value), z.string({ error: "Invalid input" }));

/**
 * One row of the register. The form has a blank row to add one and a Remove box on each: a removed row, or
 * a blank one, is left out; any other row needs every field.
 */
const item = z
  .object({
    name: text,
    provider: text,
    purpose: z.preprocess((value) => (value === "" || value === undefined ? "necessary" : value), z.enum(COOKIE_PURPOSES, { error: COOKIE_REGISTER_MESSAGES.purpose })),
    duration: text,
    description: text,
    remove: checkbox.optional(),
  })
  .superRefine((row, ctx) => {
    if (row.remove || isBlank(row)) return;
    for (const field of ["name", "provider", "duration", "description"] as const) {
      if (row[field] === "") ctx.addIssue({ code: "custom", message: COOKIE_REGISTER_MESSAGES[field], path: [field] });
      else if (row[field].length > MAX[field]) ctx.addIssue({ code: "custom", message: COOKIE_REGISTER_MESSAGES.tooLong(MAX[field]), path: [field] });
    }
  });

function isBlank(row: { name: string; provider: string; duration: string; description: string }): boolean {
  return row.name === "" && row.provider === "" && row.duration === "" && row.description === "";
}

/**
 * The cookie register: the /admin/cookies form and PUT /api/admin/cookie-register. Adding or removing a
 * non-necessary item, or changing one's name or purpose, raises the consent version (visitors are asked again).
 */
export const cookieRegisterSchema = z.object({
  items: z
    .array(item, { error: "Invalid input" })
    .max(100, "Invalid input")
    .transform((rows): CookieRegisterItem[] =>
      rows
        .filter((row) => !row.remove && !isBlank(row))
        .map(({ name, provider, purpose, duration, description }) => ({ name, provider, purpose, duration, description })),
    )
    .superRefine((rows, ctx) => {
      if (rows.length === 0) ctx.addIssue({ code: "custom", message: COOKIE_REGISTER_MESSAGES.empty });
      else if (new Set(rows.map((row) => row.name.toLowerCase())).size !== rows.length) {
        ctx.addIssue({ code: "custom", message: COOKIE_REGISTER_MESSAGES.duplicate });
      }
    }),
  consentRetentionMonths: monthsKept(COOKIE_REGISTER_MESSAGES.retention),
  version: recordVersion,
});
export type CookieRegisterInput = z.infer<typeof cookieRegisterSchema>;
