import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { endSession } from "~/server/auth/session.server";
import { getConfig } from "~/server/config.server";
import { isCrossSite } from "~/server/http/write-guard.server";

/**
 * /api/logout, as a GET navigation (SPEC 7) or a POST: deletes the session on the server, clears the
 * cookie and goes home. A GET that another site started (a link or image elsewhere) is not a logout.
 */
async function logout(request: Request): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const crossSite = isCrossSite(request.headers.get("Sec-Fetch-Site"), request.headers.get("Origin"), getConfig().publicUrl.origin);
  if (!(request.method === "GET" && crossSite)) headers.append("Set-Cookie", await endSession(request));
  return redirect("/", { headers });
}

export const loader = ({ request }: LoaderFunctionArgs) => logout(request);
export const action = ({ request }: ActionFunctionArgs) => logout(request);
