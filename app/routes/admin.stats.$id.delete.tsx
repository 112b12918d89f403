import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { deleteStatistic, getStatistic } from "~/models/statistics.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { trashNotice } from "~/server/history/trash-actions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const statistic = await getStatistic(recordIdParam(params.id));
  if (!statistic) throw notFound();
  return data({ label: statistic.label, note: trashNotice() }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = recordIdParam(params.id);
  return handleAdminDelete({
    request,
    context,
    remove: (actor) => deleteStatistic(id, actor),
    listUrl: "/admin/stats",
    successMessage: "Statistic deleted successfully!",
    failureMessage: "Failed to delete statistic. Please try again.",
  });
}

export default function DeleteStatistic() {
  const { label, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Statistic"
      question={`Are you sure you want to delete the "${label}" statistic?`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
