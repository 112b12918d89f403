import { apiRoute, publicJson } from "~/utils/api.server";
import { getConfig } from "~/utils/env.server";
import { buildOpenApiDocument } from "~/utils/openapi.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, buildOpenApiDocument(getConfig().publicUrl.origin));
  },
});

export const loader = handle;
export const action = handle;
