import { statistics } from "~db/schema";
import type { StatisticInput } from "~/schemas/statistic";
import { cached } from "./content-cache.server";
import { previewedRows } from "./promotion-preview.server";
import { recordModel } from "./versioned-records.server";

export type Statistic = typeof statistics.$inferSelect;

const model = recordModel<Statistic, StatisticInput>({
  table: statistics,
  entity: "statistic",
  collection: "statistics",
  describe: (s) => `${s.value} ${s.label}`,
});

export const getStatistic = model.get;
export const countStatistics = model.total;
export const nextStatisticOrder = model.nextDisplayOrder;
export const createStatistic = model.create;
export const updateStatistic = model.update;
export const deleteStatistic = model.remove;
export const restoreStatisticVersion = model.restoreVersion;
export const restoreStatisticFromTrash = model.restoreFromTrash;

/** In display order; served from the content cache (an approver's preview: with the pending statistic). */
export async function listStatistics(): Promise<Statistic[]> {
  return previewedRows("statistics", await cached("statistics", model.list));
}
