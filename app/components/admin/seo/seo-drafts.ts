import { seoDraftsSchema, SEO_DRAFTS_FIELD, type SeoDraft, type SeoDrafts } from "~/schemas/seo-drafts";
import { SEO_TABS, tabFields, type SeoTab } from "./seo-tabs";

/**
 * Unsaved edits of the SEO & Analytics tabs without JavaScript: a tab switch (or an offer to take the
 * Company tab's values) posts the shown tab's form, and the page comes back with its edits kept as a draft.
 */

/** The drafts a form carried for the tabs that were not on screen (none if the field cannot be read). */
export function carriedDrafts(formData: FormData): SeoDrafts {
  const parsed = seoDraftsSchema.safeParse(formData.get(SEO_DRAFTS_FIELD) ?? "{}");
  // JSON has no undefined: a field is there as text or not at all.
  return parsed.success ? (parsed.data as SeoDrafts) : {};
}

/** The shown tab's fields (and the version it was loaded with) as its form posted them. */
export function postedDraft(tab: SeoTab, formData: FormData): SeoDraft {
  const draft: SeoDraft = {};
  for (const name of [...tabFields(tab), "version"]) {
    const value = formData.get(name);
    if (typeof value === "string") draft[name] = value;
  }
  return draft;
}

export function otherDrafts(drafts: SeoDrafts, tab: SeoTab): SeoDrafts {
  return Object.fromEntries(Object.entries(drafts).filter(([name]) => name !== tab));
}

/** A textarea posts its line breaks as CRLF; the saved values have LF. */
const sameText = (a: string | undefined, b: string | undefined) =>
  (a ?? "").replace(/\r\n/g, "\n").trim() === (b ?? "").replace(/\r\n/g, "\n").trim();

/** The drafts that differ from the saved values (`saved`: each tab's fields as its form holds them). */
export function unsavedDrafts(drafts: SeoDrafts, saved: Record<SeoTab, SeoDraft>): SeoDrafts {
  return Object.fromEntries(
    SEO_TABS.flatMap(({ value: tab }) => {
      const draft = drafts[tab];
      if (!draft) return [];
      const changed = tabFields(tab).some(
        (name) => name in draft && !sameText(draft[name], saved[tab][name]),
      );
      return changed ? [[tab, draft]] : [];
    }),
  );
}
