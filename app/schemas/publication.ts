import { z } from "zod";
import { fromLondonLocal } from "~/utils/london-time";
import { slugify } from "~/utils/slug";
import { blankAsNull } from "./fields";

/** What posts and roles share: a slug, a status and a publication time. */

export const PUBLICATION_STATUSES = ["draft", "published"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 100;

export const PUBLICATION_MESSAGES = {
  slugFormat: "Slug may use only lowercase letters, digits and single hyphens (for example quarterly-update)",
  slugFromTitle: "Enter a slug: the title has no letters or digits to make one from",
  dateTime: "Enter a date and time, for example 2026-12-01T09:30",
  status: "Choose draft or published",
} as const;

/** Blank or missing: made from the title by the schema's transform. */
export const optionalSlug = z.preprocess(
  blankAsNull,
  z
    .string({ error: PUBLICATION_MESSAGES.slugFormat })
    .max(MAX_SLUG_LENGTH, `Must be ${MAX_SLUG_LENGTH} characters or fewer`)
    .regex(SLUG_PATTERN, PUBLICATION_MESSAGES.slugFormat)
    .nullable(),
);

/** A slug from a title: "Q3 results & outlook" → "q3-results-outlook", within the length limit. */
export function slugFromTitle(title: string): string {
  return slugify(title).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
}

/**
 * A time: a form's datetime-local value (London time) or, from the JSON API, an ISO 8601 time with its
 * zone. Blank or missing is null.
 */
export const optionalTime = z.preprocess(
  blankAsNull,
  z
    .string({ error: PUBLICATION_MESSAGES.dateTime })
    .transform((text, ctx) => {
      const local = fromLondonLocal(text);
      if (local) return local;
      if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
        const date = new Date(text);
        if (!Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 9999) return date;
      }
      ctx.addIssue({ code: "custom", message: PUBLICATION_MESSAGES.dateTime });
      return z.NEVER;
    })
    .nullable(),
);

/** The button an editor pressed ("Save draft", "Publish", "Unpublish") or the API's `status`. */
export const publicationStatus = z.preprocess(
  (value) => (value === undefined || value === "" ? "draft" : value),
  z.enum(PUBLICATION_STATUSES, { error: PUBLICATION_MESSAGES.status }),
);

/** The slug given, or one made from the title; an issue on `slug` when neither gives one. */
export function withSlug<T extends { title: string; slug: string | null }>(value: T, ctx: z.RefinementCtx): T & { slug: string } {
  const slug = value.slug ?? slugFromTitle(value.title);
  if (!slug) {
    ctx.addIssue({ code: "custom", path: ["slug"], message: PUBLICATION_MESSAGES.slugFromTitle });
    return z.NEVER;
  }
  return { ...value, slug };
}
