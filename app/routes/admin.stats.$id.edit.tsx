import { statistics } from "~/collections/statistics";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { StatisticForm } from "~/components/admin/statistic-form";
import { getStatistic, updateStatistic } from "~/models/statistics.server";
import { statisticSchema } from "~/schemas/statistic";
import { editRecordLoader, updateRecordAction } from "~/server/admin/record-routes.server";

export const loader = editRecordLoader(
  "statistic",
  getStatistic,
  ({ label, value, displayOrder, version }) => ({
    label,
    value,
    displayOrder,
    version,
  }),
);

export const action = updateRecordAction({
  collection: statistics,
  schema: statisticSchema,
  update: updateStatistic,
  read: getStatistic,
  current: { section: "stats" },
});

export const shouldRevalidate = revalidateAfterConflict;

export default function EditStatistic() {
  const { statistic } = useLoaderData<typeof loader>();
  return (
    <>
      <StatisticForm
        key={statistic.version}
        mode="edit"
        defaultValue={statistic}
        version={statistic.version}
        reply={useActionData<typeof action>()}
      />
      <RecordHistoryLink section="stats" />
    </>
  );
}
