import { listStatistics } from "~/models/statistics.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { statisticJson, statisticRecord } from "~/server/api/api-resources.server";
import { publicList, type ApiOperation } from "~/server/api/openapi-operations.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, (await listStatistics()).map(statisticJson));
  },
});

export const loader = handle;
export const action = handle;

export const openapi: ApiOperation[] = [
  publicList("/api/statistics", "Statistics in display order", statisticRecord),
];
