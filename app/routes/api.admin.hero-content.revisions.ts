import { revisionsRoute } from "~/server/api/history-api.server";

const handle = revisionsRoute("hero-content");

export const loader = handle;
export const action = handle;
