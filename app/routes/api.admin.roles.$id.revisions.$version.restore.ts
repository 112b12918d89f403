import { restoreRevisionRoute } from "~/server/api/history-api.server";

const handle = restoreRevisionRoute("roles");

export const loader = handle;
export const action = handle;
