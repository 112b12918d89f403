import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { formatAdminTime } from "~/components/admin/format-time";
import { MediaAltForm } from "~/components/admin/media/media-alt-form";
import { MediaFacts, MediaSizes } from "~/components/admin/media/media-details";
import type { MediaAltReply } from "~/components/admin/media/media-views";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { panelClass, secondaryButton, smallDangerButton } from "~/components/admin/styles";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { getMedia } from "~/models/media.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { handleMediaAltSave, mediaDetailView } from "~/server/media/media-screens.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data ? `Image: ${data.item.image.alt}` : "Image");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const item = await getMedia(recordIdParam(params.id));
  if (!item) throw notFound();
  return data({ item: { ...mediaDetailView(item), uploaded: formatAdminTime(item.createdAt) } }, { headers: ADMIN_CACHE_HEADERS });
}

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  handleMediaAltSave({ request, context, id: recordIdParam(params.id) });

export const shouldRevalidate = revalidateAfterConflict;

/** An image's own page: the image large, its alt text to edit, what the library knows of it, and its sizes. */
export default function MediaImagePage() {
  const { item } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as MediaAltReply | undefined;
  return (
    <>
      <AdminPageHeader
        title="Edit image"
        description={item.image.alt}
        actions={
          <Link to="/admin/media" className={secondaryButton}>
            Back to library
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className={`${panelClass} flex items-center justify-center self-start overflow-hidden bg-navy-50 p-3 sm:p-4`}>
          <ResponsiveImage
            image={item.image}
            sizes="(min-width: 1024px) 600px, 100vw"
            priority
            className="h-auto max-h-[36rem] w-auto max-w-full rounded object-contain"
          />
        </div>
        <div className="grid content-start gap-6">
          {/* No heading or region name: the field's own label says what this is. */}
          <div className={`${panelClass} p-4 sm:p-5`}>
            <MediaAltForm key={item.version} alt={item.image.alt} version={item.version} reply={reply} />
          </div>
          <MediaFacts item={item} />
        </div>
      </div>
      <div className="mt-6 grid gap-6">
        <MediaSizes variants={item.variants} />
        <section aria-labelledby="media-delete-title" className={`${panelClass} flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5`}>
          <div>
            <h2 id="media-delete-title" className="text-base font-semibold text-navy-950">
              Delete
            </h2>
            <p className="mt-1 text-sm text-navy-600">
              {item.uses.length ? "Choose another image where this one is used first." : "Not used anywhere: it can be deleted."}
            </p>
          </div>
          <Link to={`/admin/media/${item.id}/delete`} className={smallDangerButton}>
            Delete image<span className="sr-only">: {item.image.alt}</span>
          </Link>
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
