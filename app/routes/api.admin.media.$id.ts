import { mediaItemRoute } from "~/server/api/media-api.server";

export const loader = mediaItemRoute;
export const action = mediaItemRoute;
