import type { WriteResult } from "~/models/actor";
import type { RiskWarnings } from "~/models/risk-warnings.server";
import { RISK_CLASSES, type HighRiskClass } from "~/schemas/product";
import {
  apiError,
  privateJson,
  readJsonBody,
  requireOperatorWrite,
  writtenRecord,
} from "~/server/api/api.server";
import { riskWarningRequest, riskWarningsRecord } from "~/server/api/api-resources.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { actorOf } from "~/server/auth/auth.server";
import { STORES } from "~/server/collections/stores.server";
import { pendingAnswer } from "~/server/api/collection-api.server";
import { isPending } from "~/server/promotions/approvals.server";

export const openapi = operatorEndpoint("/api/admin/risk-warnings/{class}", {
  put: {
    summary: "Change one high-risk class's prescribed warning (admins only)",
    success: okWith(riskWarningsRecord),
    request: riskWarningRequest,
    pathParameters: { class: { pattern: "^(rmmi|cryptoasset)$" } },
    also: [404, 409],
    awaitsApproval: true,
    description:
      '`class` is rmmi or cryptoasset. The text must end with "Take 2 mins to learn more.", the link to the product\'s risk summary. Versioned and audited; with `version`, a change made since is refused (409). While financial promotions need approval the change waits for an approver (202) and the live text is unchanged.',
  },
});

const HIGH_RISK = RISK_CLASSES.filter((value): value is HighRiskClass => value !== "mainstream");
const NOT_FOUND = "Risk class not found: it is rmmi or cryptoasset";

function riskClassOf(value: string | undefined): HighRiskClass {
  if (!HIGH_RISK.includes(value as HighRiskClass)) throw apiError(404, NOT_FOUND);
  return value as HighRiskClass;
}

/** /api/admin/risk-warnings/{class}: one class's prescribed warning (issue 37). Admins change it. */
const handle = operatorRoute({
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const riskClass = riskClassOf(args.params.class);
    const { text, version } = await readJsonBody(args.request, riskWarningRequest);
    // Through the store: while financial promotions need approval the change waits (202), as the hero's does.
    const result = await STORES["risk-warnings"].update({ [riskClass]: text }, actorOf(user), version);
    if (isPending(result)) return pendingAnswer(result.pending);
    return privateJson(writtenRecord(result as WriteResult<RiskWarnings>, "Risk warnings not found"));
  },
});

export { handle as loader, handle as action };
