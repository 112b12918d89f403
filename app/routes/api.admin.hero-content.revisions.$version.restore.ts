import { restoreRevisionRoute } from "~/server/api/history-api.server";

const handle = restoreRevisionRoute("hero-content");

export const loader = handle;
export const action = handle;
