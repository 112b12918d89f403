import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { PostForm } from "~/components/admin/post-form";
import { PublishingEditorPage } from "~/components/admin/publishing/editor-page";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { mediaPickerOptions } from "~/server/media/media-picker.server";
import { publishingEditorAction, publishingEditorLoader } from "~/server/publishing/editor.server";
import { NEWS } from "~/server/publishing/news-collection.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Edit post: ${data.post.title}` : "Edit post");

export const loader = (args: LoaderFunctionArgs) =>
  publishingEditorLoader(args, NEWS, async (post) => ({
    media: await mediaPickerOptions([post.coverImageId]),
  }));

export const action = (args: ActionFunctionArgs) => publishingEditorAction(args, NEWS);

export const shouldRevalidate = revalidateAfterConflict;

export default function EditPost() {
  const { post, status, links, media, now } = useLoaderData<typeof loader>();
  return (
    <PublishingEditorPage
      section="news"
      noun="post"
      record={post}
      status={status}
      links={links}
      form={(reply) => (
        <PostForm
          key={post.version}
          defaultValue={post}
          version={post.version}
          published={post.published}
          live={status.state === "published"}
          now={now}
          media={media}
          reply={reply}
        />
      )}
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
