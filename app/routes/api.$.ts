import { API_MESSAGES, apiError } from "~/server/api/api.server";

/** Any other path under /api, whatever the method: JSON 404, never the site's HTML page. */
function notFound() {
  return Promise.resolve(apiError(404, API_MESSAGES.notFound));
}

export { notFound as loader, notFound as action };
