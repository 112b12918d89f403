import { z } from "zod";
import { mediaImageOf, type MediaFormat, type MediaItem } from "~/models/media.server";
import { MEDIA_FORMATS, MEDIA_SOURCE_TYPES } from "~db/schema";
import { mediaAltSchema, mediaUploadSchema } from "~/schemas/media";
import { idNumber, isoTime, named, pageSchema } from "~/server/api/openapi-operations.server";
import { mediaUrl, type MediaUrlFormat } from "~/utils/media";

/**
 * What the media library's API (/api/admin/media) accepts and answers. The requests are the library
 * screen's own schemas (app/schemas/media.ts), strict; the OpenAPI document is generated from these.
 */

/** POST /api/admin/media, as multipart/form-data: the image and its alt text. */
export const mediaUploadRequest = named(
  z.strictObject({
    ...mediaUploadSchema.shape,
    file: mediaUploadSchema.shape.file.meta({
      type: "string",
      contentMediaType: "application/octet-stream",
      description:
        "The image: JPEG, PNG, WebP, AVIF or GIF (its type is read from its bytes, never its name or declared type), at most 10 MB and 40 megapixels",
    }),
  }),
  "MediaUploadInput",
);

/** PUT /api/admin/media/{id}: the alt text, with the optional `version`. */
export const mediaAltRequest = named(z.strictObject(mediaAltSchema.shape), "MediaUpdate");

const VARIANT_TYPES = ["image/avif", "image/webp", "image/jpeg", "image/png"] as const;

const FILE_FORMAT: Record<
  MediaFormat,
  { extension: MediaUrlFormat; mimeType: (typeof VARIANT_TYPES)[number] }
> = {
  avif: { extension: "avif", mimeType: "image/avif" },
  webp: { extension: "webp", mimeType: "image/webp" },
  jpeg: { extension: "jpg", mimeType: "image/jpeg" },
  png: { extension: "png", mimeType: "image/png" },
};

const size = z.number().int().min(1);

export const mediaVariantRecord = z.object({
  width: size,
  height: size,
  format: z.enum(MEDIA_FORMATS),
  mimeType: z.enum(VARIANT_TYPES),
  url: z.string().meta({
    description: "This encoding's own address, /media/{hash}/{width}.{avif|webp|jpg|png}: always this format",
  }),
  byteSize: size,
});

export const mediaRecord = named(
  z.object({
    id: idNumber,
    url: z.string().meta({
      description:
        "The largest stored width, /media/{hash}/{width}: AVIF, WebP, or JPEG (PNG when transparent), as the browser's Accept header allows. Immutable: cached for a year.",
    }),
    width: size.meta({ description: "The image's width as uploaded, upright (its orientation applied)" }),
    height: size,
    mimeType: z
      .enum(MEDIA_SOURCE_TYPES)
      .meta({ description: "The uploaded file's type, read from its bytes" }),
    alt: z.string(),
    fileName: z.string().meta({ description: "The uploaded file's name, for the library's list only" }),
    byteSize: size.meta({
      description: "The uploaded file's size in bytes (it is not kept: only its variants are)",
    }),
    variants: z.array(mediaVariantRecord).meta({
      description:
        "Every stored encoding: 480, 960 and 1600 px wide (never wider than the image), each in AVIF, WebP and JPEG or PNG",
    }),
    usedBy: z
      .array(
        z.object({
          kind: z.enum(["post-cover", "default-share-image", "organisation-logo"]),
          label: z.string(),
          href: z.string().meta({ description: "The admin screen where it can be changed" }),
        }),
      )
      .meta({ description: "Where the image is used: while anything uses it, it cannot be deleted" }),
    version: z.number().int().min(0),
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
  "Media",
);

export const mediaPage = pageSchema(
  mediaRecord,
  "MediaPage",
  "One page of the library, newest upload first, 24 a page",
);

export function mediaJson(item: MediaItem): z.output<typeof mediaRecord> {
  const { widths } = mediaImageOf(item, item.variants);
  const largest = widths[widths.length - 1] ?? item.width;
  return {
    id: item.id,
    url: mediaUrl(item.hash, largest),
    width: item.width,
    height: item.height,
    mimeType: item.sourceType,
    alt: item.alt,
    fileName: item.fileName,
    byteSize: item.byteSize,
    variants: item.variants.map((variant) => ({
      width: variant.width,
      height: variant.height,
      format: variant.format,
      mimeType: FILE_FORMAT[variant.format].mimeType,
      url: mediaUrl(item.hash, variant.width, FILE_FORMAT[variant.format].extension),
      byteSize: variant.byteSize,
    })),
    usedBy: item.usedBy,
    version: item.version,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
