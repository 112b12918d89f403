import { z } from "zod";
import { recordVersion, requiredText } from "./fields";

export const MEDIA_ALT_MAX = 250;

export const MEDIA_FORM_MESSAGES = {
  altRequired: "Alt text is required",
  fileRequired: "Choose an image to upload",
} as const;

const altText = requiredText(MEDIA_FORM_MESSAGES.altRequired, MEDIA_ALT_MAX);

/** A file field that holds a file (a form posted with no file chosen sends an empty one). */
const imageFile = z.custom<File>((value) => typeof File !== "undefined" && value instanceof File && value.size > 0, {
  message: MEDIA_FORM_MESSAGES.fileRequired,
});

/** The library's upload form and POST /api/admin/media (multipart: file, alt). */
export const mediaUploadSchema = z.object({ file: imageFile, alt: altText });
export type MediaUploadInput = z.infer<typeof mediaUploadSchema>;

/** Editing an image's alt text: the library screen and PUT /api/admin/media/{id}. */
export const mediaAltSchema = z.object({ alt: altText, version: recordVersion });
export type MediaAltInput = z.infer<typeof mediaAltSchema>;
