import { collectionItemRoute } from "~/server/api/collection-api.server";
import { collectionItemOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

/** One record of a collection (/api/admin/products/12): one route for every collection with a store. */
export const loader = collectionItemRoute;
export const action = collectionItemRoute;

export const openapi: ApiOperation[] = collectionItemOperations();
