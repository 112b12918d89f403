import { createStatistic } from "~/models/statistics.server";
import { apiRoute, created, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import { statisticJson, statisticRequest } from "~/server/api/api-resources.server";
import { actorOf } from "~/server/auth/auth.server";

const handle = apiRoute({
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const input = await readJsonBody(args.request, statisticRequest);
    const record = writtenRecord(await createStatistic(input, actorOf(user)), "Statistic not found");
    return created(args.request, statisticJson(record));
  },
});

export const loader = handle;
export const action = handle;
