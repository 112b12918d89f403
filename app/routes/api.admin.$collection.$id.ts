import { collectionItemRoute } from "~/server/api/collection-api.server";
import { collectionItemOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

export const openapi: ApiOperation[] = collectionItemOperations();

/** One record of a collection (/api/admin/products/12): one route for every collection with a store. */
export { collectionItemRoute as loader, collectionItemRoute as action };
