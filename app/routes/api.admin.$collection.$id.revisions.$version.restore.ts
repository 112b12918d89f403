import { restoreRevisionRoute } from "~/server/api/history-api.server";

/** Restoring a record's version: one route for every versioned collection. */
const handle = restoreRevisionRoute({ withId: true });

export const loader = handle;
export const action = handle;
