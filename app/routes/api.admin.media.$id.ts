import { mediaItemRoute } from "~/server/api/media-api.server";
import { mediaAltRequest, mediaRecord } from "~/server/api/media-resources.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";

export { mediaItemRoute as loader, mediaItemRoute as action };

export const openapi: ApiOperation[] = [
  operatorCall("get", "/api/admin/media/{id}", "An image in the library, with where it is used", {
    status: 200,
    schema: mediaRecord,
  }),
  operatorCall(
    "put",
    "/api/admin/media/{id}",
    "Change an image's alt text",
    { status: 200, schema: mediaRecord },
    {
      request: mediaAltRequest,
      description:
        "The new alt text is shown wherever the image is used. With `version`, a change made since is not overwritten (409).",
    },
  ),
  operatorCall(
    "delete",
    "/api/admin/media/{id}",
    "Delete an image and its variants",
    { status: 204 },
    {
      description:
        "Its addresses answer 404 from then on. Refused while anything uses it: a post's cover, the default sharing image, the organisation logo.",
      also: [409],
      errorNotes: {
        409: "The image is in use: the message names every place, to choose another image there first",
      },
    },
  ),
];
