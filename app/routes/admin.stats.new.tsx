import { statistics } from "~/collections/statistics";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StatisticForm } from "~/components/admin/statistic-form";
import { createStatistic, nextStatisticOrder } from "~/models/statistics.server";
import { statisticSchema } from "~/schemas/statistic";
import { createRecordAction, newRecordLoader } from "~/server/admin/record-routes.server";

export const loader = newRecordLoader(nextStatisticOrder);

export const action = createRecordAction({
  collection: statistics,
  schema: statisticSchema,
  create: createStatistic,
});

export default function NewStatistic() {
  const { displayOrder } = useLoaderData<typeof loader>();
  return (
    <StatisticForm
      mode="create"
      defaultValue={{ label: "", value: "", displayOrder }}
      reply={useActionData<typeof action>()}
    />
  );
}
