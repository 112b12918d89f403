import type { FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { MediaImage } from "~/utils/media";
import { CoverUpload, useUploadedCover } from "./cover-upload";
import { errorClass, hintClass } from "./styles";

export interface MediaChoice extends MediaImage {
  id: number;
}

/** The images a picker offers: the library's newest, and the current choices however old they are. */
export interface MediaPickerOptions {
  images: MediaChoice[];
  /** When the library holds more images than are offered: how many of the newest are. */
  newestOnly: number | null;
}

const linkClass = "font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800";

const optionClass = [
  "grid cursor-pointer content-start gap-2 rounded-md border border-navy-200 bg-white p-2 text-sm text-navy-900",
  "hover:border-navy-400 has-checked:border-accent-700 has-checked:bg-accent-50 has-checked:ring-1 has-checked:ring-accent-700",
  "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-600",
].join(" ");

// Inline, so a long alt text wraps under the radio and uses the card's whole width.
const radioClass = "mr-2 inline-block size-4 align-[-0.2em] accent-accent-700 focus-visible:outline-none";

/**
 * A choice of one image from the media library, as radio buttons (a plain form post, no script): "none"
 * first, then each image as a thumbnail named by its alt text.
 */
export function MediaPicker<S>({
  meta,
  legend,
  noneLabel,
  options,
  hint,
  upload,
}: {
  meta: FieldMetadata<S>;
  legend: string;
  noneLabel: string;
  options: MediaPickerOptions;
  /** What the choice is for, before the pointer to the library. */
  hint?: string;
  /** An upload inside the picker (the post editor's cover): the library's size limit and its message. */
  upload?: { maxBytes: number; tooLargeMessage: string };
}) {
  // With JavaScript the answer to an upload does not remake the form's fields: the new image is chosen here.
  const uploaded = useUploadedCover();
  const chosen = upload && uploaded ? String(uploaded) : typeof meta.initialValue === "string" ? meta.initialValue : "";
  const hintId = `${meta.id}-hint`;
  const invalid = Boolean(meta.errors?.length);
  const radio = (value: string) => ({
    type: "radio" as const,
    name: meta.name,
    form: meta.formId,
    value,
    defaultChecked: chosen === value,
    "aria-invalid": invalid || undefined,
    className: radioClass,
  });
  return (
    <fieldset key={`${meta.key ?? ""}-${upload ? (uploaded ?? "") : ""}`} aria-describedby={invalid ? `${hintId} ${meta.errorId}` : hintId} className="grid min-w-0 gap-2">
      <legend className="mb-1 block text-sm font-medium text-navy-900">{legend}</legend>
      <p id={hintId} className={hintClass}>
        {hint ? `${hint} ` : null}
        {options.images.length === 0 ? "The media library has no images yet: " : "Images come from the "}
        <Link to="/admin/media" className={linkClass}>
          {options.images.length === 0 ? "upload one there" : "media library"}
        </Link>
        {options.images.length === 0 ? "." : ", where you can upload more."}
        {options.newestOnly ? ` Showing the newest ${options.newestOnly} images and the current choice.` : null}
      </p>
      <div className="grid max-h-[30rem] grid-cols-2 gap-2 overflow-y-auto rounded-md border border-navy-200 bg-navy-50 p-2 sm:grid-cols-3 lg:grid-cols-5">
        <label className={optionClass}>
          <span
            aria-hidden="true"
            className="flex aspect-[4/3] items-center justify-center rounded border border-dashed border-navy-300 bg-white text-xs text-navy-600"
          >
            None
          </span>
          <span>
            <input id={`${meta.id}-none`} {...radio("")} />
            {noneLabel}
          </span>
        </label>
        {options.images.map((image) => (
          <label key={image.id} className={optionClass}>
            <span className="block aspect-[4/3] overflow-hidden rounded bg-white">
              {/* The label's text names the choice: the thumbnail would only say it twice. */}
              <ResponsiveImage image={image} alt="" sizes="(min-width: 1024px) 10rem, (min-width: 640px) 30vw, 45vw" className="size-full object-contain" />
            </span>
            <span className="line-clamp-3 min-w-0 break-words">
              <input id={`${meta.id}-${image.id}`} {...radio(String(image.id))} />
              {image.alt}
            </span>
          </label>
        ))}
      </div>
      <p id={meta.errorId} className={`${errorClass} min-h-4`}>
        {meta.errors?.join(" ")}
      </p>
      {upload ? <CoverUpload id={meta.id} maxBytes={upload.maxBytes} tooLargeMessage={upload.tooLargeMessage} /> : null}
    </fieldset>
  );
}
