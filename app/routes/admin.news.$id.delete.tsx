import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { deletePost, getPost } from "~/models/posts.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { trashNotice } from "~/server/history/trash-actions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const post = await getPost(recordIdParam(params.id));
  if (!post) throw notFound();
  return data({ title: post.title, note: trashNotice() }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const id = recordIdParam(params.id);
  return handleAdminDelete({
    request,
    context,
    remove: (actor) => deletePost(id, actor),
    listUrl: "/admin/news",
    successMessage: "Post deleted successfully!",
    failureMessage: "Failed to delete post. Please try again.",
  });
}

export default function DeletePost() {
  const { title, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Post"
      question={`Are you sure you want to delete the post "${title}"? Visitors will no longer find it.`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
