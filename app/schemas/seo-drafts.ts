import { z } from "zod";
import { SEO_TABS, type SeoTab } from "~/components/admin/seo/seo-tabs";

/**
 * The unsaved edits of the SEO & Analytics tabs that are not on screen, carried without JavaScript in the
 * shown tab's form as one hidden JSON field (`drafts`): each tab's fields as its form posts them, with the
 * version it was loaded with. Anything else in it is dropped; a field that cannot be read drops the drafts.
 */
export const SEO_DRAFTS_FIELD = "drafts";

const fieldValue = z.string().max(50_000);

const tabDraft = (fields: readonly string[]) =>
  z
    .object(Object.fromEntries([...fields, "version"].map((name) => [name, fieldValue.optional()])))
    .optional();

const draftsShape = z.object(
  Object.fromEntries(SEO_TABS.map((tab) => [tab.value, tabDraft(tab.fields)])) as Record<
    SeoTab,
    ReturnType<typeof tabDraft>
  >,
);

export type SeoDraft = Record<string, string>;
export type SeoDrafts = Partial<Record<SeoTab, SeoDraft>>;

export const seoDraftsSchema = z
  .string()
  .max(200_000)
  .transform((text, context): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "Invalid input" });
      return z.NEVER;
    }
  })
  .pipe(draftsShape);
