import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SubmitButton, TextareaField } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { SettingsRecordForm, SettingsScreen } from "~/components/admin/settings-form";
import { SETTINGS_SCREENS } from "~/components/admin/settings-screens";
import { RISK_WARNING_LINK_TEXT } from "~/content/risk";
import { getRiskWarnings, readRiskWarnings } from "~/models/risk-warnings.server";
import { riskWarningsSchema, type RiskWarningsInput } from "~/schemas/risk-warning";
import { STORES } from "~/server/collections/stores.server";
import { settingsAction, settingsLoader } from "~/server/forms/settings-action.server";
import { pendingNoticeOf } from "~/server/promotions/approvals.server";

const SCREEN = SETTINGS_SCREENS.riskWarnings;

export const meta: MetaFunction = () => adminMeta(SCREEN.title);

export const loader = settingsLoader(async () => {
  const [warnings, pending] = await Promise.all([getRiskWarnings(), pendingNoticeOf("risk-warnings", null)]);
  return { warnings, pending };
});

export const action = settingsAction(SCREEN, {
  schema: riskWarningsSchema,
  write: (value, actor, version) => STORES["risk-warnings"].update(value, actor, version),
  current: { section: "risk-warnings", read: readRiskWarnings },
});

export const shouldRevalidate = revalidateAfterConflict;

const HINT = `The prescribed wording (COBS 4.12A). It must end with "${RISK_WARNING_LINK_TEXT}.", which links to the product's risk summary.`;

/** The prescribed risk warnings (issue 37): one text per high-risk class, versioned, shown on every page that promotes such a product. */
export default function RiskWarningsEditor() {
  const { warnings, pending } = useLoaderData<typeof loader>();
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
      <SettingsRecordForm<RiskWarningsInput>
        id="risk-warnings"
        schema={riskWarningsSchema}
        defaultValue={{ rmmi: warnings.rmmi, cryptoasset: warnings.cryptoasset }}
        version={warnings.version}
        spacing="gap-5"
      >
        {(fields) => (
          <>
            <TextareaField
              meta={fields.rmmi}
              label="Restricted mass market investment"
              hint={HINT}
              rows={4}
            />
            <TextareaField meta={fields.cryptoasset} label="Cryptoasset" hint={HINT} rows={4} />
            <div>
              <SubmitButton>Save Risk Warnings</SubmitButton>
            </div>
          </>
        )}
      </SettingsRecordForm>
    </SettingsScreen>
  );
}
