import { trashRestoreRoute } from "~/server/api/history-api.server";
import { trashOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

export { trashRestoreRoute as loader, trashRestoreRoute as action };

export const openapi: ApiOperation[] = [trashOperations.restore()];
