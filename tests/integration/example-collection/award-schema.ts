import { z } from "zod";
import { displayOrder, recordVersion, requiredText } from "~/schemas/fields";

// Step 3: the one schema of the form and the API body (app/schemas/award.ts).
export const awardSchema = z.object({
  title: requiredText("Title is required", 120),
  awardedBy: requiredText("Awarded by is required", 120),
  displayOrder,
  version: recordVersion,
});
export type AwardInput = z.infer<typeof awardSchema>;
