import { trashItemRoute } from "~/server/api/history-api.server";

export const loader = trashItemRoute;
export const action = trashItemRoute;
