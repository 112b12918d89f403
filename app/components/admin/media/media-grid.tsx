import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { FROM_LIST } from "~/components/admin/record-dialog";
import { smallDangerButton, smallSecondaryButton } from "~/components/admin/styles";
import { formatDimensions, formatFileSize, TYPE_NAMES } from "./media-format";
import { MediaUseList } from "./media-uses";
import type { MediaCardView } from "./media-views";

/** One column on phones, two from 640 px, three from 1024 px (where the sidebar takes 16rem). */
const GRID_SIZES = "(min-width: 1024px) 330px, (min-width: 640px) 50vw, 100vw";

/** The library's images, newest first: each with its alt text, size, where it is used, and its actions. */
export function MediaGrid({ items }: { items: MediaCardView[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <MediaCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

function MediaCard({ item }: { item: MediaCardView }) {
  const { image } = item;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-navy-200 bg-white shadow-xs">
      {/* Every thumbnail in the same 4:3 frame, whole (letterboxed), whatever its shape. */}
      <div className="relative aspect-[4/3] border-b border-navy-100 bg-navy-50">
        <ResponsiveImage image={image} sizes={GRID_SIZES} className="absolute inset-0 size-full object-contain" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <dl className="grid gap-3 text-sm">
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-navy-600">Alt text</dt>
            <dd className="font-medium break-words text-navy-950">{image.alt}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="sr-only">Size</dt>
            <dd className="text-xs text-navy-600 tabular-nums">
              {formatDimensions(image.width, image.height)} · {formatFileSize(item.byteSize)} · {TYPE_NAMES[item.sourceType]}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-navy-600">Used in</dt>
            <dd>
              <MediaUseList uses={item.uses} />
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Link to={`/admin/media/${item.id}`} className={smallSecondaryButton}>
            Edit alt text<span className="sr-only">: {image.alt}</span>
          </Link>
          <Link to={`/admin/media/${item.id}/delete`} state={FROM_LIST} preventScrollReset className={smallDangerButton}>
            Delete<span className="sr-only"> image: {image.alt}</span>
          </Link>
        </div>
      </div>
    </li>
  );
}
