import { restoreRevisionRoute } from "~/server/api/history-api.server";

const handle = restoreRevisionRoute("menu-items");

export const loader = handle;
export const action = handle;
