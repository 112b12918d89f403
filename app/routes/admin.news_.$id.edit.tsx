import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { adminMeta } from "~/components/admin/meta";
import { PostForm } from "~/components/admin/post-form";
import { PreviewLinksPanel } from "~/components/admin/preview-links-panel";
import { PublishingEditorHeader } from "~/components/admin/publication-status";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { now } from "~/models/clock.server";
import { getPost, postPath, updatePost, type Post } from "~/models/posts.server";
import { CATEGORY_NAMES, postSchema } from "~/schemas/post";
import { ADMIN_CACHE_HEADERS, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { readFormData } from "~/server/forms/form-data.server";
import {
  handlePreviewLinkAction,
  handlePublishingSave,
  localField,
  previewLinksView,
  publicationStatusView,
  type PreviewReply,
} from "~/server/forms/publishing-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { mediaChoiceLabels, mediaPickerOptions } from "~/server/media/media-picker.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data ? `Edit post: ${data.post.title}` : "Edit post");

/** The post as its form shows it. */
function formValues(post: Post) {
  const { title, slug, summary, body, category, version } = post;
  const coverImageId = post.coverImageId === null ? "" : String(post.coverImageId);
  return { title, slug, summary, body, category, publishAt: localField(post.publishAt), coverImageId, version };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const post = await getPost(recordIdParam(params.id));
  if (!post) throw notFound();
  const status = publicationStatusView(post);
  return data(
    {
      post: { id: post.id, path: postPath(post.slug), published: post.status === "published", ...formValues(post) },
      status,
      links: await previewLinksView("post", post.id),
      media: await mediaPickerOptions([post.coverImageId]),
      now: now().getTime(),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const id = recordIdParam(params.id);
  const formData = await readFormData(request.clone());
  const before = await getPost(id);
  const intent = formData.get("intent");
  if (intent === "create-preview" || intent === "delete-preview") {
    if (!before) throw notFound();
    return handlePreviewLinkAction({
      request,
      context,
      kind: "post",
      id,
      publicPath: postPath(before.slug),
      editUrl: `/admin/news/${id}/edit`,
      formData,
    });
  }
  return handlePublishingSave({
    request,
    context,
    noun: "Post",
    schema: postSchema,
    listUrl: "/admin/news",
    before,
    write: (value, actor, version) => updatePost(id, value, actor, version),
    current: {
      section: "news",
      id,
      read: () => getPost(id),
      formValues,
      valueLabels: async () => ({ category: CATEGORY_NAMES, coverImageId: await mediaChoiceLabels("No cover image") }),
    },
  });
}

export const shouldRevalidate = revalidateAfterConflict;

export default function EditPost() {
  const { post, status, links, media, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as AdminFormReply | PreviewReply | undefined;
  const preview = answer && "previewUrl" in answer ? answer : undefined;
  const reply = answer && "result" in answer ? answer : undefined;
  return (
    <>
      <PublishingEditorHeader
        title="Edit post"
        name={post.title}
        publicPath={post.path}
        status={status}
        listPath="/admin/news"
        listLabel="Back to posts"
      />
      <RecordHistoryLink section="news" />
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
      <PreviewLinksPanel noun="post" links={links} created={preview} live={status.state === "published"} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
