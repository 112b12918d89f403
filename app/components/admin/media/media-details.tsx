import type { ReactNode } from "react";
import { panelClass } from "~/components/admin/styles";
import { FORMAT_NAMES, formatDimensions, formatFileSize, TYPE_NAMES } from "./media-format";
import { MediaUseList } from "./media-uses";
import type { MediaDetailView, MediaVariantFormat, MediaVariantView } from "./media-views";

const termClass = "text-xs font-medium text-navy-600";
const valueClass = "text-sm break-words text-navy-950";

/** One of the image page's panels, named by its heading. */
function MediaPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${panelClass} p-4 sm:p-5`}>
      <h2 id={id} className="text-base font-semibold text-navy-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What the library knows of an image: its size, its upload, and where it is used. */
export function MediaFacts({ item }: { item: MediaDetailView }) {
  return (
    <MediaPanel id="media-facts-title" title="Details">
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className={termClass}>Dimensions</dt>
          <dd className={`${valueClass} tabular-nums`}>{formatDimensions(item.image.width, item.image.height)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className={termClass}>Uploaded file</dt>
          <dd className={`${valueClass} tabular-nums`}>
            {TYPE_NAMES[item.sourceType]}, {formatFileSize(item.byteSize)}
          </dd>
        </div>
        <div className="grid gap-0.5 sm:col-span-2">
          <dt className={termClass}>File name</dt>
          <dd className={valueClass}>{item.fileName || "(none)"}</dd>
        </div>
        <div className="grid gap-0.5 sm:col-span-2">
          <dt className={termClass}>Uploaded</dt>
          <dd className={valueClass}>
            <time dateTime={item.uploadedAt}>{item.uploaded}</time> by {item.uploadedBy}
          </dd>
        </div>
        <div className="grid gap-0.5 sm:col-span-2">
          <dt className={termClass}>Used in</dt>
          <dd className="text-sm">
            <MediaUseList uses={item.uses} />
          </dd>
        </div>
      </dl>
    </MediaPanel>
  );
}

const FORMAT_ORDER: MediaVariantFormat[] = ["avif", "webp", "jpeg", "png"];

/** Each stored width, and each format at that width with its size, linked to its own address. */
export function MediaSizes({ variants }: { variants: MediaVariantView[] }) {
  const formats = FORMAT_ORDER.filter((format) => variants.some((variant) => variant.format === format));
  const widths = [...new Set(variants.map((variant) => variant.width))].sort((a, b) => a - b);
  const cell = (width: number, format: MediaVariantFormat) => variants.find((v) => v.width === width && v.format === format);
  return (
    <MediaPanel id="media-sizes-title" title="Sizes">
      <p className="mt-1 text-sm text-navy-600">
        Browsers are sent the smallest size that fills the space, in the most compact format they read.
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[20rem] text-left text-sm">
          <caption className="sr-only">Stored sizes and formats, with the size of each file</caption>
          <thead>
            <tr className="border-b border-navy-200 text-xs text-navy-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                Size
              </th>
              {formats.map((format) => (
                <th key={format} scope="col" className="py-2 pr-4 font-medium">
                  {FORMAT_NAMES[format]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-navy-100">
            {widths.map((width) => {
              const height = variants.find((variant) => variant.width === width)!.height;
              return (
                <tr key={width}>
                  <th scope="row" className="py-2 pr-4 font-medium whitespace-nowrap text-navy-900 tabular-nums">
                    {formatDimensions(width, height)}
                  </th>
                  {formats.map((format) => {
                    const variant = cell(width, format);
                    return (
                      <td key={format} className="py-2 pr-4 whitespace-nowrap tabular-nums">
                        {variant ? (
                          <a href={variant.url} className="text-accent-700 underline underline-offset-4 hover:text-accent-800">
                            {formatFileSize(variant.byteSize)}
                            <span className="sr-only">
                              , {FORMAT_NAMES[format]} at {width} pixels wide
                            </span>
                          </a>
                        ) : (
                          <span className="text-navy-500">–</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </MediaPanel>
  );
}
