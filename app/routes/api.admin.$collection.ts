import { collectionRoute } from "~/server/api/collection-api.server";
import { collectionOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

export const openapi: ApiOperation[] = collectionOperations();

/** A collection's records (/api/admin/products, /api/admin/hero-content): one route for every collection with a store. */
export { collectionRoute as loader, collectionRoute as action };
