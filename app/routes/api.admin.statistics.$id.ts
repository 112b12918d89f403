import { deleteStatistic, updateStatistic } from "~/models/statistics.server";
import {
  apiJson,
  apiRoute,
  noContent,
  parseId,
  readJsonBody,
  requireOperatorWrite,
  writtenRecord,
} from "~/utils/api.server";
import { statisticJson, statisticUpdateRequest, withoutVersion } from "~/utils/api-resources.server";
import { actorOf } from "~/utils/auth.server";

const NOT_FOUND = "Statistic not found";

const handle = apiRoute({
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const id = parseId(args.params.id, NOT_FOUND);
    const { input, version } = withoutVersion(await readJsonBody(args.request, statisticUpdateRequest));
    const record = writtenRecord(await updateStatistic(id, input, actorOf(user), version), NOT_FOUND);
    return apiJson(statisticJson(record));
  },
  async DELETE(args) {
    const user = await requireOperatorWrite(args);
    writtenRecord(await deleteStatistic(parseId(args.params.id, NOT_FOUND), actorOf(user)), NOT_FOUND);
    return noContent();
  },
});

export const loader = handle;
export const action = handle;
