import { deleteRedirect, updateRedirect } from "~/models/redirects.server";
import { recordItemRoute } from "~/server/api/api-record-route.server";
import { redirectJson, redirectUpdateRequest } from "~/server/api/api-resources.server";

const handle = recordItemRoute({
  notFound: "Redirect not found",
  request: redirectUpdateRequest,
  update: updateRedirect,
  remove: deleteRedirect,
  toJson: redirectJson,
});

export const loader = handle;
export const action = handle;
