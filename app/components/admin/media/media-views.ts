import type { MediaImage } from "~/utils/media";
import type { AdminFormReply } from "~/components/admin/form-reply";

/** What the library's screens show of an image, as their loaders send it (the components format it). */

/** A place an image is used, linked to the screen where it can be changed. */
export interface MediaUseView {
  label: string;
  href: string;
}

export type MediaTypeName = "image/jpeg" | "image/png" | "image/gif" | "image/webp" | "image/avif";
export type MediaVariantFormat = "avif" | "webp" | "jpeg" | "png";

/** One image in the library's grid. */
export interface MediaCardView {
  id: number;
  image: MediaImage;
  fileName: string;
  /** The uploaded file's type, read from its bytes. */
  sourceType: MediaTypeName;
  /** The uploaded file's size in bytes. */
  byteSize: number;
  uses: MediaUseView[];
}

/** One stored encoding of an image, with its own address (always that format). */
export interface MediaVariantView {
  width: number;
  height: number;
  format: MediaVariantFormat;
  byteSize: number;
  url: string;
}

/** An image's own page: the card, who uploaded it when, and every stored encoding. */
export interface MediaDetailView extends MediaCardView {
  version: number;
  uploadedAt: string;
  uploaded: string;
  uploadedBy: string;
  variants: MediaVariantView[];
}

/** What the upload form needs to know before it sends anything. */
export interface MediaUploadLimits {
  maxBytes: number;
  maxMegapixels: number;
  /** The intake's own words for a file over `maxBytes`, shown before a byte is sent. */
  tooLargeMessage: string;
  /** The notices after an upload: a new image, or the same image already in the library. */
  uploadedNotice: string;
  duplicateNotice: string;
}

/** The alt text form's answer; after a stale save, the alt text as it now is and the version to save over. */
export interface MediaAltReply extends AdminFormReply {
  current?: { alt: string; version: number };
}
