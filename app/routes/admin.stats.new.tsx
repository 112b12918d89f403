import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { StatisticForm } from "~/components/admin/statistic-form";
import { createStatistic, nextStatisticOrder } from "~/models/statistics.server";
import { statisticSchema } from "~/schemas/statistic";
import { ADMIN_CACHE_HEADERS, handleAdminForm } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ displayOrder: await nextStatisticOrder() }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminForm({
    request,
    context,
    schema: statisticSchema,
    write: (value, actor) => createStatistic(value, actor),
    successUrl: "/admin/stats",
    successMessage: "Statistic created successfully!",
    failureMessage: "Failed to create statistic. Please try again.",
  });
}

export default function NewStatistic() {
  const { displayOrder } = useLoaderData<typeof loader>();
  return (
    <StatisticForm mode="create" defaultValue={{ label: "", value: "", displayOrder }} reply={useActionData<typeof action>()} />
  );
}
