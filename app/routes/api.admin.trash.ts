import { trashListRoute } from "~/server/api/history-api.server";
import { trashOperations } from "~/server/api/collection-openapi.server";

export const openapi = trashOperations.list();

export { trashListRoute as loader, trashListRoute as action };
