import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { posts } from "~/collections/posts";
import { adminMeta } from "~/components/admin/meta";
import { NEW_POST_VALUES, PostForm } from "~/components/admin/post-form";
import { NewPublicationPage } from "~/components/admin/publishing/editor-page";
import { mediaPickerOptions } from "~/server/media/media-picker.server";
import { MEDIA_UPLOAD_LIMITS } from "~/server/media/media-screens.server";
import { newPublicationAction, newPublicationLoader } from "~/server/publishing/editor.server";
import { NEWS } from "~/server/publishing/news-collection.server";

export const meta: MetaFunction = () => adminMeta("New post");

export const loader = (args: LoaderFunctionArgs) =>
  newPublicationLoader(args, async () => ({
    media: await mediaPickerOptions([]),
    uploadLimits: { maxBytes: MEDIA_UPLOAD_LIMITS.maxBytes, tooLargeMessage: MEDIA_UPLOAD_LIMITS.tooLargeMessage },
  }));

export const action = (args: ActionFunctionArgs) => newPublicationAction(args, NEWS);

export default function NewPost() {
  const { now, media, uploadLimits } = useLoaderData<typeof loader>();
  return (
    <NewPublicationPage
      collection={posts}
      description="Write a post for the Newsroom: save it as a draft, publish it, or schedule it."
      now={now}
      form={(props) => <PostForm {...props} defaultValue={NEW_POST_VALUES} media={media} uploadLimits={uploadLimits} />}
    />
  );
}
