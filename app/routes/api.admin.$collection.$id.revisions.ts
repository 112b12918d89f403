import { revisionsRoute } from "~/server/api/history-api.server";
import { revisionsOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

export const openapi: ApiOperation[] = revisionsOperations({ withId: true });

/** A record's versions (/api/admin/products/12/revisions): one route for every versioned collection. */
const handle = revisionsRoute({ withId: true });

export { handle as loader, handle as action };
