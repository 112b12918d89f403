import { restoreRevisionRoute } from "~/server/api/history-api.server";
import { restoreRevisionOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

export const openapi: ApiOperation[] = restoreRevisionOperations({ withId: true });

/** Restoring a record's version: one route for every versioned collection. */
const handle = restoreRevisionRoute({ withId: true });

export { handle as loader, handle as action };
