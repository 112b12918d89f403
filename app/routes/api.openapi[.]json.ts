import { apiRoute, publicJson } from "~/server/api/api.server";
import { publicCall, type ApiOperation } from "~/server/api/openapi-operations.server";
import { getConfig } from "~/server/config.server";

const handle = apiRoute({
  async GET({ request }) {
    // Imported when asked for: the builder imports every API route module, this one included.
    const { buildOpenApiDocument } = await import("~/server/api/openapi.server");
    return publicJson(request, buildOpenApiDocument(getConfig().publicUrl.origin));
  },
});

export { handle as loader, handle as action };

export const openapi: ApiOperation[] = [
  publicCall("get", "/api/openapi.json", "This description", "Meta", { status: 200, cacheable: true }),
];
