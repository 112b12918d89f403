import { publicCollectionRoute } from "~/server/api/collection-api.server";
import { publicOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

/** What visitors read of a collection (/api/products, /api/hero-content): one route for every collection a store publishes. */
export const loader = publicCollectionRoute;
export const action = publicCollectionRoute;

export const openapi: ApiOperation[] = publicOperations();
