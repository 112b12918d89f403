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

export const MEDIA_CHOICE_MESSAGE = "This image is not in the media library (it may have been deleted)";

/**
 * An image chosen from the library (a picker's radio, or the API's id): its id, or null for none. A form's
 * "none" choice posts "" and JSON sends null; a field left out (an API client that predates it) is
 * undefined, and the write keeps the image chosen before.
 */
export const mediaChoice = z
  .preprocess(
    (value) => {
      if (value === undefined) return undefined;
      const text = typeof value === "string" ? value.trim() : value;
      if (text === "" || text === null) return null;
      return typeof text === "string" && /^\d{1,10}$/.test(text) ? Number(text) : text;
    },
    z
      .number({ error: MEDIA_CHOICE_MESSAGE })
      .int(MEDIA_CHOICE_MESSAGE)
      .min(1, MEDIA_CHOICE_MESSAGE)
      .max(2_147_483_647, MEDIA_CHOICE_MESSAGE)
      .nullable()
      .optional(),
  )
  .meta({ description: "The id of an image in the media library, or null for none; left out, the image chosen before is kept" });

/** Editing an image's alt text: the library screen and PUT /api/admin/media/{id}. */
export const mediaAltSchema = z.object({ alt: altText, version: recordVersion });
export type MediaAltInput = z.infer<typeof mediaAltSchema>;
