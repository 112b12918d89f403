import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SelectField, SubmitButton, TextField } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { adminMeta } from "~/components/admin/meta";
import { DateTimeField } from "~/components/admin/publication-fields";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { SettingsForm, SettingsScreen, type SettingsScreenText } from "~/components/admin/settings-form";
import { panelClass } from "~/components/admin/styles";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { now } from "~/models/clock.server";
import {
  getRegulatoryStatus,
  readRegulatoryStatus,
  type RegulatoryStatus,
} from "~/models/regulatory-status.server";
import {
  FCA_STATUS_LABELS,
  FCA_STATUSES,
  REGISTERED_IN,
  REGISTERED_IN_LABELS,
  regulatoryStatusSchema,
  type RegulatoryStatusInput,
} from "~/schemas/regulatory";
import { requireAdminPage } from "~/server/auth/auth.server";
import { STORES } from "~/server/collections/stores.server";
import { pendingNoticeOf } from "~/server/promotions/approvals.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { settingsAction } from "~/server/forms/settings-action.server";
import { toLondonLocal } from "~/utils/london-time";
import { disclosureOf } from "~/utils/regulatory";

const SCREEN: SettingsScreenText = {
  title: "Regulatory Status",
  description:
    "The firm's legal and regulatory facts. Every public page's footer, the Organization JSON-LD and GET /api/regulatory-status are generated from them.",
  path: "/admin/regulatory",
  loadingText: "Loading regulatory status...",
};

export const meta: MetaFunction = () => adminMeta(SCREEN.title);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const [status, pending] = await Promise.all([
    getRegulatoryStatus(),
    pendingNoticeOf("regulatory-status", null),
  ]);
  return data({ status, pending, disclosure: disclosureOf(status, now()) }, { headers: ADMIN_CACHE_HEADERS });
}

export const action = settingsAction({
  schema: regulatoryStatusSchema,
  write: (value, actor, version) => STORES["regulatory-status"].update(value, actor, version),
  current: { section: "regulatory", read: readRegulatoryStatus },
  successUrl: SCREEN.path,
  successMessage: "Regulatory status updated successfully!",
  failureMessage: "Failed to update the regulatory status. Please try again.",
});

export const shouldRevalidate = revalidateAfterConflict;

const statusOptions = FCA_STATUSES.map((value) => ({ value, label: FCA_STATUS_LABELS[value] }));

export default function RegulatoryEditor() {
  const { status, pending, disclosure } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
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
      <RegulatoryForm key={status.version} status={status as unknown as RegulatoryStatus} reply={reply} />
    </SettingsScreen>
  );
}

function RegulatoryForm({ status, reply }: { status: RegulatoryStatus; reply: AdminFormReply | undefined }) {
  const [form, fields] = useAdminForm<RegulatoryStatusInput>({
    id: "regulatory",
    schema: regulatoryStatusSchema,
    reply,
    defaultValue: {
      ...status,
      takesEffectAt: status.takesEffectAt ? toLondonLocal(new Date(status.takesEffectAt)) : "",
    } as never,
  });
  return (
    <SettingsForm form={form} version={status.version} reply={reply} spacing="gap-5">
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
          <TextField
            meta={fields.principalFrn}
            label="Principal's FRN"
            hint="6 or 7 digits"
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <TextField
          meta={fields.firmFrn}
          label="Firm's own FRN (authorised)"
          hint="6 or 7 digits"
          inputMode="numeric"
          autoComplete="off"
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
          <TextField
            meta={fields.scheduledPrincipalFrn}
            label="Scheduled principal's FRN"
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <TextField
          meta={fields.scheduledFirmFrn}
          label="Scheduled firm's own FRN"
          inputMode="numeric"
          autoComplete="off"
        />
        <DateTimeField
          meta={fields.takesEffectAt}
          label="Takes effect at"
          hint="London time, for example 2026-12-01T09:00"
        />
      </fieldset>
      <div>
        <SubmitButton>Save Changes</SubmitButton>
      </div>
    </SettingsForm>
  );
}
