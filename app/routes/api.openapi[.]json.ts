import { apiRoute, publicJson } from "~/server/api/api.server";
import { getConfig } from "~/server/config.server";
import { buildOpenApiDocument } from "~/server/api/openapi.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, buildOpenApiDocument(getConfig().publicUrl.origin));
  },
});

export const loader = handle;
export const action = handle;
