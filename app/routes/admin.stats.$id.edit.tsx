import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { StatisticForm } from "~/components/admin/statistic-form";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { getStatistic, updateStatistic } from "~/models/statistics.server";
import { statisticSchema } from "~/schemas/statistic";
import { ADMIN_CACHE_HEADERS, handleAdminForm, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const statistic = await getStatistic(recordIdParam(params.id));
  if (!statistic) throw notFound();
  const { label, value, displayOrder, version } = statistic;
  return data({ statistic: { label, value, displayOrder, version } }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = recordIdParam(params.id);
  return handleAdminForm({
    request,
    context,
    schema: statisticSchema,
    write: (value, actor, version) => updateStatistic(id, value, actor, version),
    current: { section: "stats", id, read: () => getStatistic(id) },
    successUrl: "/admin/stats",
    successMessage: "Statistic updated successfully!",
    failureMessage: "Failed to update statistic. Please try again.",
  });
}

export const shouldRevalidate = revalidateAfterConflict;

export default function EditStatistic() {
  const { statistic } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <StatisticForm key={statistic.version} mode="edit" defaultValue={statistic} version={statistic.version} reply={reply} />
      <RecordHistoryLink section="stats" />
    </>
  );
}
