import { apiRoute, publicJson } from "~/server/api/api.server";
import { publicEndpoint } from "~/server/api/openapi-operations.server";
import { getConfig } from "~/server/config.server";

export const openapi = publicEndpoint("/api/openapi.json", "Meta", {
  get: { summary: "This description", success: { status: 200, cacheable: true } },
});

const handle = apiRoute({
  async GET({ request }) {
    // Imported when asked for: the builder imports every API route module, this one included.
    const { buildOpenApiDocument } = await import("~/server/api/openapi.server");
    return publicJson(request, buildOpenApiDocument(getConfig().publicUrl.origin));
  },
});

export { handle as loader, handle as action };
