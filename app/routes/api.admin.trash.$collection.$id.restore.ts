import { trashRestoreRoute } from "~/server/api/history-api.server";
import { trashOperations } from "~/server/api/collection-openapi.server";

export const openapi = trashOperations.restore();

export { trashRestoreRoute as loader, trashRestoreRoute as action };
