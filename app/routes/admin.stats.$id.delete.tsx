import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { getStatistic, deleteStatistic } from "~/models/statistics.server";
import { deleteConfirmationLoader, deleteRecordAction } from "~/server/forms/delete-route.server";

export const loader = (args: LoaderFunctionArgs) => deleteConfirmationLoader(args, { read: getStatistic, name: (statistic) => statistic.label });

export const action = (args: ActionFunctionArgs) =>
  deleteRecordAction(args, {
    remove: deleteStatistic,
    listUrl: "/admin/stats",
    successMessage: "Statistic deleted successfully!",
    failureMessage: "Failed to delete statistic. Please try again.",
  });

export default function DeleteStatistic() {
  const { name, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Statistic"
      question={`Are you sure you want to delete the "${name}" statistic?`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
