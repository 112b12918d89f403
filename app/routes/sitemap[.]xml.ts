import { getConfig } from "~/server/config.server";
import { sitemapXml } from "~/utils/sitemap";

export function loader() {
  return new Response(sitemapXml(getConfig().publicUrl.origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
