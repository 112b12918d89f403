import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { posts } from "~/collections/posts";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { PostForm } from "~/components/admin/post-form";
import { PublishingEditorPage } from "~/components/admin/publishing/editor-page";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { mediaPickerOptions } from "~/server/media/media-picker.server";
import { MEDIA_UPLOAD_LIMITS } from "~/server/media/media-screens.server";
import { publishingEditorAction, publishingEditorLoader } from "~/server/publishing/editor.server";
import { NEWS } from "~/server/publishing/news-collection.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Edit post: ${data.post.title}` : "Edit post");

export const loader = (args: LoaderFunctionArgs) =>
  publishingEditorLoader(args, NEWS, async (post) => ({
    media: await mediaPickerOptions([post.coverImageId]),
    uploadLimits: { maxBytes: MEDIA_UPLOAD_LIMITS.maxBytes, tooLargeMessage: MEDIA_UPLOAD_LIMITS.tooLargeMessage },
  }));

export const action = (args: ActionFunctionArgs) => publishingEditorAction(args, NEWS);

export const shouldRevalidate = revalidateAfterConflict;

export default function EditPost() {
  const { post, media, uploadLimits, ...editor } = useLoaderData<typeof loader>();
  return (
    <PublishingEditorPage
      collection={posts}
      record={post}
      {...editor}
      form={(props) => <PostForm {...props} live={editor.status.state === "published"} media={media} uploadLimits={uploadLimits} />}
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
