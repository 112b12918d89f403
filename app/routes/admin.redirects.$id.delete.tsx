import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { deleteRedirect, getRedirect } from "~/models/redirects.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { trashNotice } from "~/server/history/trash-actions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const rule = await getRedirect(recordIdParam(params.id));
  if (!rule) throw notFound();
  return data({ from: rule.from, note: trashNotice() }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = recordIdParam(params.id);
  return handleAdminDelete({
    request,
    context,
    remove: (actor) => deleteRedirect(id, actor),
    listUrl: "/admin/redirects",
    successMessage: "Redirect deleted successfully!",
    failureMessage: "Failed to delete redirect. Please try again.",
  });
}

export default function DeleteRedirect() {
  const { from, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Redirect"
      question={`Are you sure you want to delete the redirect from "${from}"?`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
