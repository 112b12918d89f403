import { listStatistics } from "~/models/statistics.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { statisticJson } from "~/server/api/api-resources.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, (await listStatistics()).map(statisticJson));
  },
});

export const loader = handle;
export const action = handle;
