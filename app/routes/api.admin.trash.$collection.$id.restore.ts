import { trashRestoreRoute } from "~/server/api/history-api.server";

export const loader = trashRestoreRoute;
export const action = trashRestoreRoute;
