import { revisionsRoute } from "~/server/api/history-api.server";

const handle = revisionsRoute("products");

export const loader = handle;
export const action = handle;
