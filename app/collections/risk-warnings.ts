import { defineCollection } from "./definition";

/** The prescribed risk warnings, one text per high-risk class (issue 37): changed through the API by admins. */
export const riskWarnings = defineCollection({
  name: "risk-warnings",
  section: "risk-warnings",
  entity: "risk warnings",
  noun: "Risk warnings",
  single: true,
  screen: null,
  history: {
    fields: { rmmi: "Restricted mass market investment", cryptoasset: "Cryptoasset" },
    api: { noun: "the risk warnings", schema: "RiskWarnings" },
  },
  trashable: false,
  publishable: false,
  searchable: false,
  publicPaths: ["/", "/platforms"],
});
