import { revisionsRoute } from "~/server/api/history-api.server";

/** A settings record's versions (/api/admin/hero-content/revisions): one route for every versioned collection. */
const handle = revisionsRoute({ withId: false });

export const loader = handle;
export const action = handle;
