import { publicCollectionRoute } from "~/server/api/collection-api.server";
import { publicOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

export const openapi: ApiOperation[] = publicOperations();

/** What visitors read of a collection (/api/products, /api/hero-content): one route for every collection a store publishes. */
export { publicCollectionRoute as loader, publicCollectionRoute as action };
