import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { LoadingStatus } from "~/components/admin/loading-status";
import { MediaGrid } from "~/components/admin/media/media-grid";
import { MediaUploadForm } from "~/components/admin/media/media-upload-form";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ListSection } from "~/components/admin/publishing/list-section";
import { AdminPager } from "~/components/admin/list/admin-pager";
import { RecordOutlet } from "~/components/admin/record-dialog";
import { panelClass } from "~/components/admin/styles";
import { listMedia } from "~/models/media.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { handleMediaUpload, MEDIA_UPLOAD_LIMITS, mediaCardView } from "~/server/media/media-screens.server";
import { requestedPage, withPage } from "~/utils/pagination";

export const meta: MetaFunction = () => adminMeta("Media");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const { items, total, page, pageCount } = await listMedia(requestedPage(new URL(request.url).searchParams));
  return data(
    { items: items.map(mediaCardView), total, page, pageCount, limits: MEDIA_UPLOAD_LIMITS },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) => handleMediaUpload({ request, context });

export default function MediaLibrary() {
  const { items, total, page, pageCount, limits } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as AdminFormReply | undefined;
  const listUrl = withPage("/admin/media", page);
  return (
    <>
      <AdminPageHeader
        title="Media"
        description="Images for news posts, link previews and the organisation's logo, served in the best size and format for each screen."
      />
      <RecordOutlet listUrl={listUrl} />
      <MediaUploadForm limits={limits} reply={reply} />

      <ListSection
        id="media-library-title"
        title="Library"
        count={`${total.toLocaleString("en-GB")} ${total === 1 ? "image" : "images"}`}
      >
        <LoadingStatus path="/admin/media" text="Loading images..." />
        {items.length === 0 ? (
          <div className={`${panelClass} px-6 py-10 text-center`}>
            <p className="text-sm font-medium text-navy-900">No images yet.</p>
            <p className="mx-auto mt-1 max-w-md text-sm text-navy-600">
              Upload one above. It can then be a news post&apos;s cover, the site&apos;s default sharing image or the
              organisation&apos;s logo.
            </p>
          </div>
        ) : (
          <MediaGrid items={items} />
        )}
        <AdminPager label="Library pages" listUrl="/admin/media" page={page} pageCount={pageCount} />
      </ListSection>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
