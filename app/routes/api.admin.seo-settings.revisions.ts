import { revisionsRoute } from "~/server/api/history-api.server";

const handle = revisionsRoute("seo-settings");

export const loader = handle;
export const action = handle;
