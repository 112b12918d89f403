import { restoreRevisionRoute } from "~/server/api/history-api.server";

const handle = restoreRevisionRoute("statistics");

export const loader = handle;
export const action = handle;
