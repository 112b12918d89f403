import { EMPLOYMENT_TYPE_LABELS, EMPLOYMENT_TYPES, roleSchema } from "~/schemas/role";
import { CheckboxField, SelectField, TextareaField, TextField } from "./fields";
import { PROMOTION_HINT } from "./post-form";
import { DateTimeField, MarkdownBodyField, SlugField } from "./publication-fields";
import { PublicationRecordForm, type PublicationFormProps } from "./publishing/publication-record-form";

const EMPLOYMENT_OPTIONS = EMPLOYMENT_TYPES.map((type) => ({
  value: type,
  label: EMPLOYMENT_TYPE_LABELS[type],
}));

export interface RoleFormValues {
  title: string;
  slug: string;
  team: string;
  location: string;
  employmentType: string;
  summary: string;
  body: string;
  /** datetime-local values, London time; blank for none. */
  publishAt: string;
  closesAt: string;
  displayOrder: number;
  /** "on" when marked as a financial promotion. */
  financialPromotion: string;
}

/** A new role's form: blank, but for its place in the list (after the last role). */
export const newRoleValues = (displayOrder: number): RoleFormValues => ({
  title: "",
  slug: "",
  team: "",
  location: "",
  employmentType: "full_time",
  summary: "",
  body: "",
  publishAt: "",
  closesAt: "",
  displayOrder,
  financialPromotion: "",
});

export const ROLE_PUBLISH_AT_HINT =
  "London time. Leave blank to publish at once; a future time schedules the role.";
export const CLOSES_AT_HINT = "The role leaves the site by itself at this time.";

export function RoleForm({
  defaultValue,
  ...props
}: PublicationFormProps & { defaultValue: RoleFormValues }) {
  return (
    <PublicationRecordForm id="role" schema={roleSchema} defaultValue={defaultValue} {...props}>
      {(fields) => (
        <>
          <TextField meta={fields.title} label="Title" />
          <SlugField meta={fields.slug} />
          <div className="grid gap-x-3 sm:grid-cols-2">
            <TextField meta={fields.team} label="Team" />
            <TextField meta={fields.location} label="Location" />
          </div>
          <div className="grid gap-x-3 sm:grid-cols-2">
            <SelectField meta={fields.employmentType} label="Employment type" options={EMPLOYMENT_OPTIONS} />
            <TextField meta={fields.displayOrder} label="Display order" type="number" inputMode="numeric" />
          </div>
          <TextareaField meta={fields.summary} label="Summary" rows={3} />
          <MarkdownBodyField meta={fields.body} kind="role" />
          <div className="grid gap-x-3 sm:grid-cols-2">
            <DateTimeField meta={fields.publishAt} label="Publish at" hint={ROLE_PUBLISH_AT_HINT} />
            <DateTimeField meta={fields.closesAt} label="Closes at" hint={CLOSES_AT_HINT} />
          </div>
          <CheckboxField
            meta={fields.financialPromotion}
            stated
            label="This is a financial promotion"
            hint={PROMOTION_HINT}
          />
        </>
      )}
    </PublicationRecordForm>
  );
}
