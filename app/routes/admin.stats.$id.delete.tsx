import { statistics } from "~/collections/statistics";
import { RecordDeleteConfirmation } from "~/components/admin/confirm-delete";
import { deleteStatistic, getStatistic } from "~/models/statistics.server";
import { deleteRecordLoader, removeRecordAction } from "~/server/admin/record-routes.server";

export const loader = deleteRecordLoader(getStatistic, (statistic) => statistic.label);

export const action = removeRecordAction({
  collection: statistics,
  remove: deleteStatistic,
});

export default function DeleteStatistic() {
  return <RecordDeleteConfirmation title="Delete Statistic" noun="statistic" />;
}
