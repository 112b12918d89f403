import { restoreRevisionRoute } from "~/server/api/history-api.server";

const handle = restoreRevisionRoute("seo-settings");

export const loader = handle;
export const action = handle;
