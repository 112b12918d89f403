import { revisionsRoute } from "~/server/api/history-api.server";

const handle = revisionsRoute("menu-items");

export const loader = handle;
export const action = handle;
