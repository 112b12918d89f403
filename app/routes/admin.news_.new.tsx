import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PostForm } from "~/components/admin/post-form";
import { secondaryButton } from "~/components/admin/styles";
import { now } from "~/models/clock.server";
import { createPost } from "~/models/posts.server";
import { postSchema } from "~/schemas/post";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { handlePublishingSave } from "~/server/forms/publishing-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { mediaPickerOptions } from "~/server/media/media-picker.server";

export const meta: MetaFunction = () => adminMeta("New post");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ now: now().getTime(), media: await mediaPickerOptions([]) }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdminPage(request);
  return handlePublishingSave({
    request,
    context,
    noun: "Post",
    schema: postSchema,
    listUrl: "/admin/news",
    before: null,
    write: (value, actor) => createPost(value, actor),
  });
}

export default function NewPost() {
  const { now, media } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader
        title="New post"
        description="Write a post for the Newsroom: save it as a draft, publish it, or schedule it."
        actions={
          <Link to="/admin/news" className={secondaryButton}>
            Back to posts
          </Link>
        }
      />
      <PostForm
        defaultValue={{ title: "", slug: "", summary: "", body: "", category: "news", publishAt: "", coverImageId: "" }}
        published={false}
        live={false}
        now={now}
        media={media}
        reply={useActionData<typeof action>() as AdminFormReply | undefined}
      />
    </>
  );
}
