import { collectionRoute } from "~/server/api/collection-api.server";

/** A collection's records (/api/admin/products, /api/admin/hero-content): one route for every collection with a store. */
export const loader = collectionRoute;
export const action = collectionRoute;
