import { trashListRoute } from "~/server/api/history-api.server";
import { trashOperations } from "~/server/api/collection-openapi.server";
import type { ApiOperation } from "~/server/api/openapi-operations.server";

export { trashListRoute as loader, trashListRoute as action };

export const openapi: ApiOperation[] = [trashOperations.list()];
