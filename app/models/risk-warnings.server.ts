import { riskWarnings } from "~db/schema";
import { defaultRiskWarnings } from "~/content/risk";
import type { HighRiskClass } from "~/schemas/product";
import type { RiskWarningsInput } from "~/schemas/risk-warning";
import type { Actor } from "./actor";
import { previewedSettings } from "./promotion-preview.server";
import { settingsRecord } from "./settings-record.server";

type Values = Omit<RiskWarningsInput, "version">;
export type RiskWarnings = Values & { version: number };

const record = settingsRecord({
  table: riskWarnings,
  entity: "risk warnings",
  fallback: (): Values => ({ ...defaultRiskWarnings }),
  fromRow: ({ rmmi, cryptoasset }) => ({ rmmi, cryptoasset }),
});

/** From the content cache; the prescribed wording when the row is missing; an approver's preview's pending texts. */
export async function getRiskWarnings(): Promise<RiskWarnings> {
  return previewedSettings("risk-warnings", await record.get());
}
export const readRiskWarnings = record.read;

export function updateRiskWarnings(input: Partial<RiskWarningsInput>, actor: Actor, expectedVersion?: number) {
  const { version: _version, ...values } = input;
  return record.update(values, actor, expectedVersion);
}

/** One class's text, the other kept. */
export function updateRiskWarning(riskClass: HighRiskClass, text: string, actor: Actor, expectedVersion?: number) {
  return record.update({ [riskClass]: text }, actor, expectedVersion);
}

export const riskWarningsStoreFunctions = { ...record, update: updateRiskWarnings };
