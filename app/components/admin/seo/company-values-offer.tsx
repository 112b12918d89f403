import { useState } from "react";
import { smallSecondaryButton } from "~/components/admin/styles";
import { seoTabUrl } from "./seo-tabs";

/** The name of the offer's button field: a post that carries it fills the Schema tab from the Company tab. */
export const TAKE_COMPANY_VALUES_FIELD = "takeCompanyValues";

/** Types into a field as a person would, so that the form's checks and state follow. */
function fill(field: Element | RadioNodeList | null | undefined, value: string) {
  if (!(field instanceof HTMLInputElement)) return;
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

export interface CompanyValues {
  companyName: string;
  contactEmail: string;
}

/**
 * Decision 0032: the Schema tab's Organization Name and Contact Email (for search engines) are kept apart
 * from the Company tab's (for the site's pages), since a firm may want them to differ; this says whether
 * they match the Company tab's saved values and offers to take those. With JavaScript the fields are filled
 * on the spot; without it the button posts the form and the page comes back with them filled, unsaved.
 */
export function CompanyValuesOffer({
  company,
  organizationName,
  contactEmail,
}: {
  company: CompanyValues;
  /** The two fields, with their values read by the form's owner (which Conform re-renders as they change). */
  organizationName: { name: string; value: string };
  contactEmail: { name: string; value: string };
}) {
  const [taken, setTaken] = useState(false);
  const same =
    organizationName.value.trim() === company.companyName.trim() &&
    contactEmail.value.trim() === company.contactEmail.trim();
  return (
    <div className="mb-2 grid gap-2 rounded-md border border-navy-200 bg-navy-50 px-3 py-2 text-sm text-navy-800">
      <p>
        Organization Name and Contact Email below are read by search engines (the site&rsquo;s structured
        data). The Company tab&rsquo;s Company Name and Contact Email are the ones visitors see in the header
        and footer.
      </p>
      <p role="status">
        {same
          ? taken
            ? "Filled in from the Company tab; not saved yet."
            : "They match the Company tab."
          : `They differ from the Company tab, which has ${company.companyName} and ${company.contactEmail}.`}
      </p>
      {same ? null : (
        <div>
          <button
            type="submit"
            name={TAKE_COMPANY_VALUES_FIELD}
            value="yes"
            formAction={seoTabUrl("schema")}
            className={smallSecondaryButton}
            onClick={(event) => {
              event.preventDefault();
              const fields = event.currentTarget.form?.elements;
              fill(fields?.namedItem(organizationName.name), company.companyName);
              fill(fields?.namedItem(contactEmail.name), company.contactEmail);
              setTaken(true);
            }}
          >
            Use the Company tab&rsquo;s name and e-mail
          </button>
        </div>
      )}
    </div>
  );
}
