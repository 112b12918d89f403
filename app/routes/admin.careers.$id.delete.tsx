import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { deleteRole, getRole } from "~/models/roles.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { trashNotice } from "~/server/history/trash-actions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const role = await getRole(recordIdParam(params.id));
  if (!role) throw notFound();
  return data({ title: role.title, note: trashNotice() }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const id = recordIdParam(params.id);
  return handleAdminDelete({
    request,
    context,
    remove: (actor) => deleteRole(id, actor),
    listUrl: "/admin/careers",
    successMessage: "Role deleted successfully!",
    failureMessage: "Failed to delete role. Please try again.",
  });
}

export default function DeleteRole() {
  const { title, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Role"
      question={`Are you sure you want to delete the role "${title}"? Visitors will no longer find it.`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
