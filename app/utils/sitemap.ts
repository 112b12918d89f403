import { LEGAL_LAST_UPDATED } from "~/content/legal";
import { NEWSROOM_MODIFIED } from "~/content/newsroom";
import { pageList } from "~/content/pages";
import { canonicalUrl } from "./seo";

/** Where a page's content changes on a known date, the sitemap says so. */
const LAST_MODIFIED: Readonly<Record<string, string>> = {
  "/newsroom": NEWSROOM_MODIFIED,
  "/privacy": LEGAL_LAST_UPDATED,
  "/terms": LEGAL_LAST_UPDATED,
  "/cookies": LEGAL_LAST_UPDATED,
};

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Every public page, at its canonical URL. */
export function sitemapXml(origin: string): string {
  const urls = pageList.map((page) => {
    const lastmod = LAST_MODIFIED[page.path];
    return [
      "  <url>",
      `    <loc>${escapeXml(canonicalUrl({ origin }, page.path))}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      `    <priority>${page.path === "/" ? "1.0" : "0.7"}</priority>`,
      "  </url>",
    ].join("\n");
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Crawl everything public; not the admin area or the API. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
