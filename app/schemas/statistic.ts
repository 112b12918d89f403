import { z } from "zod";
import { displayOrder, requiredText } from "./fields";

/** The statistic dialog and POST/PUT /api/admin/statistics. */
export const statisticSchema = z.object({
  label: requiredText("Label is required", 80),
  value: requiredText("Value is required", 24),
  displayOrder,
});
export type StatisticInput = z.infer<typeof statisticSchema>;
