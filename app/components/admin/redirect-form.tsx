import {
  REDIRECT_MESSAGES,
  REDIRECT_STATUS_CODES,
  redirectSchema,
  STATUS_LABELS,
  type RedirectInput,
} from "~/schemas/redirect";
import { isSitePage, normalisePath } from "~/utils/site-paths";
import { CheckboxField, SelectField, TextareaField, TextField } from "./fields";
import { RecordForm, recordFormLabels, type RecordFormProps } from "./record-form";
import { useAdminForm } from "./use-admin-form";

const STATUS_OPTIONS = REDIRECT_STATUS_CODES.map((code) => ({
  value: String(code),
  label: STATUS_LABELS[code],
}));

/**
 * What the browser checks before posting: the schema, and the confirmation a rule over one of the site's
 * pages needs (the model asks the same on the server, so without JavaScript the answer is the same).
 */
const clientSchema = redirectSchema.superRefine((value, ctx) => {
  if (isSitePage(value.from) && !value.confirmShadow) {
    ctx.addIssue({
      code: "custom",
      path: ["confirmShadow"],
      message: REDIRECT_MESSAGES.shadowsPage(value.from),
    });
  }
});

export interface RedirectFormValues {
  from: string;
  to: string;
  /** "301", "410"...: as the select sends it. */
  statusCode: string;
  note: string;
  /** Ticked when editing a rule that already replaces a page (it was confirmed when it was made). */
  confirmShadow: boolean;
}

/** The page of this site a From value names, as it would be stored; null when it names none. */
function shadowedPage(from: string | undefined): string | null {
  const path = from ? normalisePath(from) : null;
  return path !== null && isSitePage(path) ? path : null;
}

export function RedirectForm({ mode, defaultValue, version, reply }: RecordFormProps<RedirectFormValues>) {
  const [form, fields] = useAdminForm<RedirectInput>({
    id: "redirect",
    schema: clientSchema,
    reply,
    defaultValue,
  });
  // The confirmation shows when the server asked for it, when From (as typed) is one of the site's pages,
  // or when the rule being edited already replaces one.
  const typedPage = shadowedPage(fields.from.value);
  const defaultPage = shadowedPage(defaultValue.from);
  const asked = Boolean(fields.confirmShadow.errors?.length);
  const page = typedPage ?? (asked ? shadowedPage(fields.from.initialValue) : null) ?? defaultPage;
  const showConfirm = asked || typedPage !== null || defaultPage !== null;
  return (
    <RecordForm {...recordFormLabels("Redirect", mode)} form={form} version={version} reply={reply}>
      <TextField
        meta={fields.from}
        label="From"
        placeholder="/old-page"
        hint="A path on this site, such as /old-page. Case matters; the query string is not part of it."
      />
      {showConfirm ? (
        <div className="mb-3 grid gap-2 rounded-md border border-amber-700 bg-amber-50 px-3 pt-3 pb-1">
          <p className="text-sm font-medium text-amber-900">
            {page ?? "This address"} is a page of this site. Visitors will be sent away from it.
          </p>
          <CheckboxField meta={fields.confirmShadow} label="Replace this page" />
        </div>
      ) : null}
      <TextField
        meta={fields.to}
        label="To"
        placeholder="/new-page"
        hint="A path on this site (/about) or a full https:// address. Leave empty for 410."
      />
      <SelectField meta={fields.statusCode} label="Status" options={STATUS_OPTIONS} />
      <TextareaField
        meta={fields.note}
        label="Note (optional)"
        hint="For other operators: why this rule is here."
        rows={2}
      />
    </RecordForm>
  );
}
