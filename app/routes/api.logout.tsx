import { redirect } from "@remix-run/node";
import { apiRoute } from "~/server/api/api.server";
import { endSession } from "~/server/auth/session.server";
import { browserEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = browserEndpoint("/api/logout", {
  post: { summary: "Sign out (a form's navigation; a GET signs no one out)" },
});

/**
 * /api/logout, a POST only (a form's navigation, SPEC 7): deletes the session on the server, clears the
 * cookie and goes home. A GET never signs anyone out (405, Allow: POST): an image or a link, in a post
 * or on another site, is a GET. A POST from another site is refused at the HTTP edge, as every write is
 * (app/server/http/write-guard.server.ts).
 */
const handle = apiRoute({
  POST: async ({ request }) =>
    redirect("/", { headers: { "Cache-Control": "no-store", "Set-Cookie": await endSession(request) } }),
});

export { handle as loader, handle as action };
