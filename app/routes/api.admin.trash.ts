import { trashListRoute } from "~/server/api/history-api.server";

export const loader = trashListRoute;
export const action = trashListRoute;
