import { recordModel } from "~/models/versioned-records.server";
import type { TrashCollection } from "~/models/trash.server";
import type { AwardInput } from "./award-schema";
import { awards } from "./table";

// Step 6: the model (app/models/awards.server.ts).
export type Award = typeof awards.$inferSelect;

export const awardModel = recordModel<Award, AwardInput>({
  table: awards,
  entity: "award",
  // In the product the name is in TRASH_COLLECTIONS' type; here the test adds it at run time.
  collection: "awards" as TrashCollection,
  describe: (award) => String(award.title),
});
