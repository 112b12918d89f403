import { SEO_TABS, seoTabUrl, type SeoTab } from "./seo-tabs";

/** The name of a tab-switch button's field: a post that carries it shows that tab and saves nothing. */
export const SHOW_TAB_FIELD = "showTab";

// The tabs wrap onto a second line on a narrow screen rather than hide one behind a scroll.
export const tabListClass = "mb-4 flex flex-wrap gap-x-1 border-b border-navy-200";
export const tabClass =
  "-mb-px inline-block cursor-pointer border-b-2 border-transparent px-2 py-2 text-sm sm:px-3 font-medium whitespace-nowrap text-navy-700 hover:text-navy-950 data-[state=active]:border-accent-700 data-[state=active]:text-navy-950";

/** Said after a tab's name while it holds changes not saved yet. */
export function UnsavedMark() {
  return (
    <>
      <span aria-hidden="true" className="ml-1 text-amber-700">
        •
      </span>
      <span className="sr-only"> (unsaved changes)</span>
    </>
  );
}

/**
 * Enter in a field submits with the form's first submit button, which would otherwise be a tab switch (or
 * the Schema tab's offer): this one, first, saves. Out of sight and out of the focus order; the visible
 * save button is the one people use.
 */
export function ImplicitSaveButton({ formId, label }: { formId?: string; label: string }) {
  return (
    <button type="submit" form={formId} tabIndex={-1} aria-hidden="true" className="sr-only">
      {label}
    </button>
  );
}

/**
 * The tabs without JavaScript. A link would load the page afresh and drop what was typed, so each tab is a
 * submit button of the shown tab's form (`formId`): the server keeps that form's values as a draft and
 * answers with the chosen tab (its address in `?tab=`), the drafts of the others travelling along.
 */
export function TabSwitchButtons({
  shown,
  formId,
  unsaved,
  saveLabel,
}: {
  shown: SeoTab;
  formId: string;
  unsaved: SeoTab[];
  saveLabel: string;
}) {
  return (
    <nav aria-label="SEO & Analytics sections">
      <ImplicitSaveButton formId={formId} label={saveLabel} />
      <ul className={tabListClass}>
        {SEO_TABS.map((item) => (
          <li key={item.value}>
            <button
              type="submit"
              form={formId}
              formAction={seoTabUrl(item.value)}
              name={SHOW_TAB_FIELD}
              value={item.value}
              aria-current={shown === item.value ? "page" : undefined}
              data-state={shown === item.value ? "active" : "inactive"}
              className={tabClass}
            >
              {item.label}
              {unsaved.includes(item.value) ? <UnsavedMark /> : null}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
