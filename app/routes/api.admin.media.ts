import { mediaListRoute } from "~/server/api/media-api.server";
import { mediaPage, mediaRecord, mediaUploadRequest } from "~/server/api/media-resources.server";
import { MEDIA_UPLOAD_LIMIT } from "~/server/http/body-limit.server";
import {
  okWith,
  operatorEndpoint,
  PAGE_QUERY,
  PAGINATION_NOTE,
} from "~/server/api/openapi-operations.server";

export const openapi = operatorEndpoint("/api/admin/media", {
  get: {
    summary: "The media library, newest upload first, 24 a page",
    success: okWith(mediaPage),
    description: PAGINATION_NOTE,
    query: [PAGE_QUERY],
    also: [400, 404],
  },
  post: {
    summary: "Upload an image",
    success: {
      status: 201,
      schema: mediaRecord,
      location: true,
      existing: "The same file is already in the library: that image, as it is (its alt text unchanged)",
    },
    request: mediaUploadRequest,
    multipart: true,
    description:
      "A multipart/form-data body with `file` and `alt`, the one body of this API that is not JSON. The image is decoded and encoded again (its orientation applied, every byte of metadata left behind: EXIF, GPS, XMP) and stored 480, 960 and 1600 pixels wide, never wider than it is, in AVIF, WebP and JPEG (PNG when it has transparency). Its type is read from its bytes: a file's name and declared type are never trusted.",
    errorNotes: {
      400: '`alt` missing ("Alt text is required") or no file ("Choose an image to upload"); a file that cannot be read as the image it claims to be; over 40 megapixels (refused from its header, before it is decoded). `errors` per field',
      413: `The file is over 10 MB, or the body is over ${MEDIA_UPLOAD_LIMIT / 1024} KB (refused before it is read whole); signed out, any body over 64 KB`,
      415: "Content-Type is not multipart/form-data, or the file is not a JPEG, PNG, WebP, AVIF or GIF (SVG, HTML and anything else)",
    },
  },
});

export { mediaListRoute as loader, mediaListRoute as action };
