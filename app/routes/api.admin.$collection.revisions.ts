import { revisionsRoute } from "~/server/api/history-api.server";
import { revisionsOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

export const openapi: ApiOperation[] = revisionsOperations({ withId: false });

/** A settings record's versions (/api/admin/hero-content/revisions): one route for every versioned collection. */
const handle = revisionsRoute({ withId: false });

export { handle as loader, handle as action };
