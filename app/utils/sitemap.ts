import { pageList } from "~/content/pages";
import { canonicalUrl } from "./seo";

/** An address in the sitemap, with its last change when known (a W3C date or date-time). */
export interface SitemapEntry {
  readonly path: string;
  readonly lastmod?: string;
}

/** What the database knows: when public pages last changed, and the posts' and roles' own pages. */
export interface SitemapData {
  /** Page path -> last change (/newsroom, /careers, the legal pages). */
  readonly lastModified?: Readonly<Record<string, string>>;
  /** Live records' pages, in the order given. */
  readonly records?: readonly SitemapEntry[];
}

// Characters XML 1.0 does not allow at all, not even escaped.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text or an attribute value, safe anywhere in an XML document. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A timestamp as a sitemap lastmod: to the second, in UTC. */
export function sitemapTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function urlElement(origin: string, path: string, lastmod: string | undefined, priority: string): string {
  return [
    "  <url>",
    `    <loc>${escapeXml(canonicalUrl({ origin }, path))}</loc>`,
    ...(lastmod ? [`    <lastmod>${escapeXml(lastmod)}</lastmod>`] : []),
    `    <priority>${priority}</priority>`,
    "  </url>",
  ].join("\n");
}

/** Every public page at its canonical URL, then the live posts and roles. */
export function sitemapXml(origin: string, data: SitemapData = {}): string {
  const urls = [
    ...pageList.map((page) => urlElement(origin, page.path, data.lastModified?.[page.path], page.path === "/" ? "1.0" : "0.7")),
    ...(data.records ?? []).map((entry) => urlElement(origin, entry.path, entry.lastmod, "0.5")),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Crawl everything public; not the admin area or the API. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
