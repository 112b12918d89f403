import { listStatistics } from "~/models/statistics.server";
import { apiRoute, publicJson } from "~/utils/api.server";
import { statisticJson } from "~/utils/api-resources.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, (await listStatistics()).map(statisticJson));
  },
});

export const loader = handle;
export const action = handle;
