import type { RequestHandler } from "express";
import { sendError } from "~/server/http/error-response.server";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses a write that another site started: Sec-Fetch-Site "cross-site", or an Origin that is not this
 * site's. Browsers send at least one of the two on every cross-origin write, so forms and fetches from
 * elsewhere are refused before any route runs, on top of SameSite=Lax cookies.
 */
export function refuseCrossSiteWrites(siteOrigin: () => string): RequestHandler {
  return (req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    if (isCrossSite(req.get("sec-fetch-site") ?? null, req.get("origin") ?? null, siteOrigin())) {
      return sendError(req, res, 403, "Cross-site request refused");
    }
    next();
  };
}

/**
 * The one cross-site test: the browser says the request came from another site, or names an origin that
 * is not this site's.
 */
export function isCrossSite(fetchSite: string | null, origin: string | null, siteOrigin: string): boolean {
  return fetchSite === "cross-site" || (origin !== null && origin !== siteOrigin);
}
