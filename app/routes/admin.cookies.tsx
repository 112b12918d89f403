import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  CheckboxField,
  SelectField,
  SubmitButton,
  TextField,
  TextareaField,
} from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { SettingsRecordForm, SettingsScreen, type SettingsFields } from "~/components/admin/settings-form";
import { SETTINGS_SCREENS } from "~/components/admin/settings-screens";
import { getCookieRegister, updateCookieRegister } from "~/models/cookie-register.server";
import { cookieRegisterSchema } from "~/schemas/cookie-register";
import { settingsAction, settingsLoader } from "~/server/forms/settings-action.server";
import { COOKIE_PURPOSE_LABELS, COOKIE_PURPOSES, type CookieRegisterItem } from "~/utils/cookie-register";

const SCREEN = SETTINGS_SCREENS.cookies;

export const meta: MetaFunction = () => adminMeta(SCREEN.title);

/** /admin/cookies: the cookie register the cookie policy shows, and how long consent records are kept. */
export const loader = settingsLoader(async () => ({ register: await getCookieRegister() }));

// The items are one list, which the field-by-field merge does not take apart: a stale save keeps the typing.
export const action = settingsAction(SCREEN, { schema: cookieRegisterSchema, write: updateCookieRegister });

export const shouldRevalidate = revalidateAfterConflict;

export default function CookiesScreen() {
  const { register } = useLoaderData<typeof loader>();
  return (
    <SettingsScreen {...SCREEN}>
      <p className="mb-4 max-w-3xl text-sm text-navy-700">
        Consent version <strong className="text-navy-950">{register.consentVersion}</strong>. Adding or
        removing a cookie that is not strictly necessary, or changing its name or purpose, raises the version
        when you save: visitors who chose under an older version see the cookie banner again, and analytics
        stays off for them until they choose.
      </p>
      <SettingsRecordForm<RegisterShape>
        id="cookie-register"
        schema={cookieRegisterSchema}
        defaultValue={{
          items: [...register.items, BLANK],
          consentRetentionMonths: String(register.consentRetentionMonths),
        }}
        version={register.version}
        spacing="gap-5"
      >
        {(fields) => <RegisterFields fields={fields} />}
      </SettingsRecordForm>
    </SettingsScreen>
  );
}

const BLANK: CookieRegisterItem = {
  name: "",
  provider: "",
  purpose: "necessary",
  duration: "",
  description: "",
};

type RegisterShape = {
  items: (CookieRegisterItem & { remove?: boolean })[];
  consentRetentionMonths: string;
};

const PURPOSE_OPTIONS = COOKIE_PURPOSES.map((purpose) => ({
  value: purpose,
  label: COOKIE_PURPOSE_LABELS[purpose],
}));

function RegisterFields({ fields }: { fields: SettingsFields<RegisterShape> }) {
  const items = fields.items.getFieldList();
  return (
    <>
      {fields.items.errors ? (
        <p id={fields.items.errorId} role="alert" className="text-sm font-medium text-red-700">
          {fields.items.errors.join(" ")}
        </p>
      ) : null}
      {items.map((item, index) => {
        const entry = item.getFieldset();
        const adding = index === items.length - 1;
        const name = entry.name.initialValue;
        return (
          <fieldset
            key={item.key}
            className="grid gap-x-4 gap-y-1 rounded-lg border border-navy-200 p-4 md:grid-cols-2"
          >
            <legend className="px-1 text-base font-semibold text-navy-950">
              {adding
                ? "Add an item (leave blank to add none)"
                : `Item ${index + 1}${name ? `: ${name}` : ""}`}
            </legend>
            <TextField meta={entry.name} label="Name" />
            <TextField
              meta={entry.provider}
              label="Provider"
              hint="Who sets it: Kestrel Insight, or the third party."
            />
            <SelectField
              meta={entry.purpose}
              label="Purpose"
              options={PURPOSE_OPTIONS}
              hint="Strictly necessary items need no consent."
            />
            <TextField meta={entry.duration} label="Duration" hint="How long it is kept, e.g. 12 months." />
            <div className="md:col-span-2">
              <TextareaField meta={entry.description} label="Description" rows={2} />
            </div>
            {adding ? null : <CheckboxField meta={entry.remove} label="Remove this item when saving" />}
          </fieldset>
        );
      })}
      <TextField
        meta={fields.consentRetentionMonths}
        label="Months consent records are kept"
        type="number"
        inputMode="numeric"
        hint="Consent records are deleted by themselves this many months after they were made (1 to 120); the privacy policy states it."
      />
      <div>
        <SubmitButton>Save Cookie Register</SubmitButton>
      </div>
    </>
  );
}
