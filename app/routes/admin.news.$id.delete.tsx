import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { getPost, deletePost } from "~/models/posts.server";
import { deleteConfirmationLoader, deleteRecordAction } from "~/server/forms/delete-route.server";

export const loader = (args: LoaderFunctionArgs) => deleteConfirmationLoader(args, { read: getPost, name: (post) => post.title });

export const action = (args: ActionFunctionArgs) =>
  deleteRecordAction(args, {
    remove: deletePost,
    listUrl: "/admin/news",
    successMessage: "Post deleted successfully!",
    failureMessage: "Failed to delete post. Please try again.",
  });

export default function DeletePost() {
  const { name, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Post"
      question={`Are you sure you want to delete the post "${name}"? Visitors will no longer find it.`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
