import { mediaItemRoute } from "~/server/api/media-api.server";
import { mediaAltRequest, mediaRecord } from "~/server/api/media-resources.server";
import { NO_CONTENT, okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = operatorEndpoint("/api/admin/media/{id}", {
  get: { summary: "An image in the library, with where it is used", success: okWith(mediaRecord) },
  put: {
    summary: "Change an image's alt text",
    success: okWith(mediaRecord),
    request: mediaAltRequest,
    description:
      "The new alt text is shown wherever the image is used. With `version`, a change made since is not overwritten (409).",
  },
  delete: {
    summary: "Delete an image and its variants",
    success: NO_CONTENT,
    description:
      "Its addresses answer 404 from then on. Refused while anything uses it: a post's cover, the default sharing image, the organisation logo.",
    also: [409],
    errorNotes: {
      409: "The image is in use: the message names every place, to choose another image there first",
    },
  },
});

export { mediaItemRoute as loader, mediaItemRoute as action };
