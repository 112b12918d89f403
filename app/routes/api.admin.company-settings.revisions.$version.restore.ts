import { restoreRevisionRoute } from "~/server/api/history-api.server";

const handle = restoreRevisionRoute("company-settings");

export const loader = handle;
export const action = handle;
