import { revisionsRoute } from "~/server/api/history-api.server";

const handle = revisionsRoute("redirects");

export const loader = handle;
export const action = handle;
