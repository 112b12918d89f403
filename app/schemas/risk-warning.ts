import { z } from "zod";
import { RISK_WARNING_LINK_TEXT } from "~/content/risk";
import { recordVersion, requiredText } from "./fields";

export const RISK_WARNING_MESSAGES = {
  required: "The warning is required",
  link: `The warning must end with "${RISK_WARNING_LINK_TEXT}." (it links to the product's risk summary)`,
} as const;

const warning = requiredText(RISK_WARNING_MESSAGES.required, 600).refine(
  (value) => (value as string).endsWith(`${RISK_WARNING_LINK_TEXT}.`),
  RISK_WARNING_MESSAGES.link,
);

/** PUT /api/admin/risk-warnings (both) and the stored record. */
export const riskWarningsSchema = z.object({ rmmi: warning, cryptoasset: warning, version: recordVersion });
export type RiskWarningsInput = z.infer<typeof riskWarningsSchema>;

/** PUT /api/admin/risk-warnings/{class}: one class's text. */
export const riskWarningSchema = z.object({ text: warning, version: recordVersion });
