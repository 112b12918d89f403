import { z } from "zod";
import { displayOrder, recordVersion, requiredText } from "./fields";

/** The statistic dialog and POST/PUT /api/admin/statistics. */
export const statisticSchema = z.object({
  label: requiredText("Label is required", 80),
  value: requiredText("Value is required", 24),
  displayOrder,
  version: recordVersion,
});
export type StatisticInput = z.infer<typeof statisticSchema>;
