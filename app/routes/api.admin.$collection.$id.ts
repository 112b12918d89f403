import { collectionItemRoute } from "~/server/api/collection-api.server";

/** One record of a collection (/api/admin/products/12): one route for every collection with a store. */
export const loader = collectionItemRoute;
export const action = collectionItemRoute;
