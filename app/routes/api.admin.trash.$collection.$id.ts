import { trashItemRoute } from "~/server/api/history-api.server";
import { trashOperations } from "~/server/api/collection-openapi.server";

export const openapi = trashOperations.remove();

export { trashItemRoute as loader, trashItemRoute as action };
