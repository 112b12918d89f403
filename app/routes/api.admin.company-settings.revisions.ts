import { revisionsRoute } from "~/server/api/history-api.server";

const handle = revisionsRoute("company-settings");

export const loader = handle;
export const action = handle;
