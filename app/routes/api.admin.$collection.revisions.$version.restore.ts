import { restoreRevisionRoute } from "~/server/api/history-api.server";

/** Restoring a settings record's version: one route for every versioned collection. */
const handle = restoreRevisionRoute({ withId: false });

export const loader = handle;
export const action = handle;
