import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton, TextareaField } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { adminMeta } from "~/components/admin/meta";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { SettingsForm, SettingsScreen, type SettingsScreenText } from "~/components/admin/settings-form";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { RISK_WARNING_LINK_TEXT } from "~/content/risk";
import { getRiskWarnings, readRiskWarnings, type RiskWarnings } from "~/models/risk-warnings.server";
import { riskWarningsSchema, type RiskWarningsInput } from "~/schemas/risk-warning";
import { requireAdminPage } from "~/server/auth/auth.server";
import { STORES } from "~/server/collections/stores.server";
import { pendingNoticeOf } from "~/server/promotions/approvals.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { settingsAction } from "~/server/forms/settings-action.server";

const SCREEN: SettingsScreenText = {
  title: "Risk Warnings",
  description:
    "The warning each high-risk class of product carries, at the top of every page that promotes one and beside its card.",
  path: "/admin/risk-warnings",
  loadingText: "Loading risk warnings...",
};

export const meta: MetaFunction = () => adminMeta(SCREEN.title);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const [warnings, pending] = await Promise.all([getRiskWarnings(), pendingNoticeOf("risk-warnings", null)]);
  return data({ warnings, pending }, { headers: ADMIN_CACHE_HEADERS });
}

export const action = settingsAction({
  schema: riskWarningsSchema,
  write: (value, actor, version) => STORES["risk-warnings"].update(value, actor, version),
  current: { section: "risk-warnings", read: readRiskWarnings },
  successUrl: SCREEN.path,
  successMessage: "Risk warnings updated successfully!",
  failureMessage: "Failed to update the risk warnings. Please try again.",
});

export const shouldRevalidate = revalidateAfterConflict;

const HINT = `The prescribed wording (COBS 4.12A). It must end with "${RISK_WARNING_LINK_TEXT}.", which links to the product's risk summary.`;

/** The prescribed risk warnings (issue 37): one text per high-risk class, versioned, shown on every page that promotes such a product. */
export default function RiskWarningsEditor() {
  const { warnings, pending } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <SettingsScreen {...SCREEN} pending={pending}>
      <p className="mb-4 text-sm">
        <Link
          to="/admin/regulatory"
          className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
        >
          Back to regulatory status
        </Link>
      </p>
      <WarningsForm key={warnings.version} warnings={warnings as unknown as RiskWarnings} reply={reply} />
    </SettingsScreen>
  );
}

function WarningsForm({ warnings, reply }: { warnings: RiskWarnings; reply: AdminFormReply | undefined }) {
  const [form, fields] = useAdminForm<RiskWarningsInput>({
    id: "risk-warnings",
    schema: riskWarningsSchema,
    reply,
    defaultValue: { rmmi: warnings.rmmi, cryptoasset: warnings.cryptoasset } as never,
  });
  return (
    <SettingsForm form={form} version={warnings.version} reply={reply} spacing="gap-5">
      <TextareaField meta={fields.rmmi} label="Restricted mass market investment" hint={HINT} rows={4} />
      <TextareaField meta={fields.cryptoasset} label="Cryptoasset" hint={HINT} rows={4} />
      <div>
        <SubmitButton>Save Risk Warnings</SubmitButton>
      </div>
    </SettingsForm>
  );
}
