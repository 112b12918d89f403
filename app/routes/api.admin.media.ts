import { mediaListRoute } from "~/server/api/media-api.server";

export const loader = mediaListRoute;
export const action = mediaListRoute;
