import { revisionsRoute } from "~/server/api/history-api.server";

/** A record's versions (/api/admin/products/12/revisions): one route for every versioned collection. */
const handle = revisionsRoute({ withId: true });

export const loader = handle;
export const action = handle;
