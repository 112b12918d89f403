import { getConfig } from "~/server/config.server";
import { robotsTxt } from "~/utils/sitemap";

export function loader() {
  return new Response(robotsTxt(getConfig().publicUrl.origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
