/** The Cache-Control values the site answers with, in one place. */

/** An anonymous public page: a CDN may keep it a minute and serve it stale for five while it revalidates. */
export const PUBLIC_PAGE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** Anything that depends on who is asking (an operator's pages, the admin): never stored by anyone. */
export const PRIVATE_NO_STORE = "private, no-store";

/** Whether a response's Cache-Control lets a shared cache keep it. */
export function isPublic(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  const directives = cacheControl.toLowerCase().split(",").map((d) => d.trim().split("=")[0]);
  return directives.includes("public") && !directives.some((d) => d === "private" || d === "no-store" || d === "no-cache");
}
