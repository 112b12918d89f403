import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { MediaDeleteConfirmation } from "~/components/admin/media/media-delete";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { handleMediaDelete, mediaDeleteView } from "~/server/media/media-screens.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const view = await mediaDeleteView(recordIdParam(params.id));
  if (!view) throw notFound();
  return data(view, { headers: ADMIN_CACHE_HEADERS });
}

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  handleMediaDelete({ request, context, id: recordIdParam(params.id) });

// A refused delete (something began to use the image) shows where it is used now.
export const shouldRevalidate = revalidateAfterConflict;

export default function DeleteMedia() {
  const { item, inUseMessage } = useLoaderData<typeof loader>();
  return (
    <MediaDeleteConfirmation item={item} inUseMessage={inUseMessage} reply={useActionData<typeof action>() as AdminFormReply | undefined} />
  );
}
