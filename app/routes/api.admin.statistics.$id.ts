import { deleteStatistic, updateStatistic } from "~/models/statistics.server";
import { recordItemRoute } from "~/server/api/api-record-route.server";
import { statisticJson, statisticUpdateRequest } from "~/server/api/api-resources.server";

const handle = recordItemRoute({
  notFound: "Statistic not found",
  request: statisticUpdateRequest,
  update: updateStatistic,
  remove: deleteStatistic,
  toJson: statisticJson,
});

export const loader = handle;
export const action = handle;
