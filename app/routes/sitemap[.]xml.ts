import { currentLegalDocument } from "~/models/legal-documents.server";
import { livePostIndex, postPath } from "~/models/posts.server";
import { liveRoles, rolePath } from "~/models/roles.server";
import { LEGAL_DOCUMENT_KEYS, LEGAL_DOCUMENT_PATHS } from "~/schemas/legal-document";
import { getConfig } from "~/server/config.server";
import { sitemapTime, sitemapXml, type SitemapEntry } from "~/utils/sitemap";

/** The newest of some times, as a lastmod; none when there are none. */
function newest(times: readonly Date[]): string | undefined {
  return times.length ? sitemapTime(new Date(Math.max(...times.map((time) => time.getTime())))) : undefined;
}

/** The sitemap: public pages, then every live post and role (never a draft, a scheduled or a closed one). */
export async function loader() {
  const [posts, roles, legal] = await Promise.all([
    livePostIndex(),
    liveRoles(),
    Promise.all(LEGAL_DOCUMENT_KEYS.map(async (key) => [LEGAL_DOCUMENT_PATHS[key], await currentLegalDocument(key)] as const)),
  ]);
  const postEntries = [...posts.entries()];
  const lastModified: Record<string, string> = {};
  // A list page changes when one of its records is published or edited.
  const newsroom = newest(postEntries.flatMap(([, post]) => [post.publishedAt, post.updatedAt]));
  if (newsroom) lastModified["/newsroom"] = newsroom;
  const careers = newest(roles.flatMap((role) => [role.updatedAt, ...(role.publishedAt ? [role.publishedAt] : [])]));
  if (careers) lastModified["/careers"] = careers;
  for (const [path, document] of legal) if (document) lastModified[path] = document.effectiveDate;

  const records: SitemapEntry[] = [
    // A scheduled record was last saved before it appeared: its page changed when it did.
    ...postEntries.map(([slug, post]) => ({ path: postPath(slug), lastmod: newest([post.updatedAt, post.publishedAt]) })),
    ...roles.map((role) => ({ path: rolePath(role.slug), lastmod: newest([role.updatedAt, ...(role.publishedAt ? [role.publishedAt] : [])]) })),
  ];
  return new Response(sitemapXml(getConfig().publicUrl.origin, { lastModified, records }), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
