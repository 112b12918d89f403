import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SelectField, SubmitButton, TextField } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { DateTimeField } from "~/components/admin/publication-fields";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { SettingsRecordForm, SettingsScreen, type SettingsFields } from "~/components/admin/settings-form";
import { SETTINGS_SCREENS } from "~/components/admin/settings-screens";
import { panelClass } from "~/components/admin/styles";
import { now } from "~/models/clock.server";
import { getRegulatoryStatus, readRegulatoryStatus } from "~/models/regulatory-status.server";
import {
  FCA_STATUS_LABELS,
  FCA_STATUSES,
  REGISTERED_IN,
  REGISTERED_IN_LABELS,
  regulatoryStatusSchema,
  type RegulatoryStatusInput,
} from "~/schemas/regulatory";
import { STORES } from "~/server/collections/stores.server";
import { settingsAction, settingsLoader } from "~/server/forms/settings-action.server";
import { pendingNoticeOf } from "~/server/promotions/approvals.server";
import { toLondonLocal } from "~/utils/london-time";
import { disclosureOf } from "~/utils/regulatory";

const SCREEN = SETTINGS_SCREENS.regulatory;

export const meta: MetaFunction = () => adminMeta(SCREEN.title);

export const loader = settingsLoader(async () => {
  const [status, pending] = await Promise.all([
    getRegulatoryStatus(),
    pendingNoticeOf("regulatory-status", null),
  ]);
  return { status, pending, disclosure: disclosureOf(status, now()) };
});

export const action = settingsAction(SCREEN, {
  schema: regulatoryStatusSchema,
  write: (value, actor, version) => STORES["regulatory-status"].update(value, actor, version),
  current: { section: "regulatory", read: readRegulatoryStatus },
});

export const shouldRevalidate = revalidateAfterConflict;

const statusOptions = FCA_STATUSES.map((value) => ({ value, label: FCA_STATUS_LABELS[value] }));

/** A firm reference number: digits, nothing to remember. */
const FRN_INPUT = { inputMode: "numeric", autoComplete: "off" } as const;

export default function RegulatoryEditor() {
  const { status, pending, disclosure } = useLoaderData<typeof loader>();
  return (
    <SettingsScreen {...SCREEN} pending={pending}>
      <section
        aria-labelledby="disclosure-now"
        className={`${panelClass} mb-4 grid gap-2 p-4 text-sm sm:p-6`}
      >
        <h2 id="disclosure-now" className="font-semibold">
          What every page discloses now
        </h2>
        <p>{disclosure.status}</p>
        <p>{disclosure.company}</p>
        {disclosure.vat ? <p>{disclosure.vat}</p> : null}
        <p>
          <Link
            to="/admin/risk-warnings"
            className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
          >
            Risk warnings
          </Link>{" "}
          (the prescribed text each high-risk class of product carries)
        </p>
      </section>
      <SettingsRecordForm<RegulatoryStatusInput>
        id="regulatory"
        schema={regulatoryStatusSchema}
        defaultValue={{
          ...status,
          takesEffectAt: status.takesEffectAt ? toLondonLocal(new Date(status.takesEffectAt)) : "",
        }}
        version={status.version}
        spacing="gap-5"
      >
        {(fields) => <RegulatoryFields fields={fields} />}
      </SettingsRecordForm>
    </SettingsScreen>
  );
}

function RegulatoryFields({ fields }: { fields: SettingsFields<RegulatoryStatusInput> }) {
  return (
    <>
      <fieldset className="grid gap-3">
        <legend className="text-base font-semibold">The company (Companies Act 2006)</legend>
        <TextField meta={fields.legalName} label="Legal name" hint="As registered at Companies House" />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField meta={fields.companyNumber} label="Company number" autoComplete="off" />
          <SelectField
            meta={fields.registeredIn}
            label="Registered in"
            options={REGISTERED_IN.map((value) => ({ value, label: REGISTERED_IN_LABELS[value] }))}
          />
        </div>
        <TextField
          meta={fields.registeredOffice}
          label="Registered office"
          hint="The full address on one line"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            meta={fields.vatNumber}
            label="VAT number (optional)"
            hint="For example GB123456789"
            autoComplete="off"
          />
          <TextField meta={fields.contactEmail} label="Contact e-mail" type="email" />
        </div>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="text-base font-semibold">Status with the Financial Conduct Authority</legend>
        <SelectField meta={fields.fcaStatus} label="Status" options={statusOptions} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField meta={fields.principalName} label="Principal firm (appointed representative)" />
          <TextField meta={fields.principalFrn} label="Principal's FRN" hint="6 or 7 digits" {...FRN_INPUT} />
        </div>
        <TextField
          meta={fields.firmFrn}
          label="Firm's own FRN (authorised)"
          hint="6 or 7 digits"
          {...FRN_INPUT}
        />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="text-base font-semibold">A scheduled change (optional)</legend>
        <p className="text-sm text-gray-600">
          The status below replaces the one above by itself at the time given, on every page.
        </p>
        <SelectField
          meta={fields.scheduledStatus}
          label="Scheduled status"
          options={[{ value: "", label: "None scheduled" }, ...statusOptions]}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField meta={fields.scheduledPrincipalName} label="Scheduled principal firm" />
          <TextField meta={fields.scheduledPrincipalFrn} label="Scheduled principal's FRN" {...FRN_INPUT} />
        </div>
        <TextField meta={fields.scheduledFirmFrn} label="Scheduled firm's own FRN" {...FRN_INPUT} />
        <DateTimeField
          meta={fields.takesEffectAt}
          label="Takes effect at"
          hint="London time, for example 2026-12-01T09:00"
        />
      </fieldset>
      <div>
        <SubmitButton>Save Changes</SubmitButton>
      </div>
    </>
  );
}
