import { redirect } from "@remix-run/node";
import { publicationState, type Publication } from "~/models/publication.server";
import { resolvePreviewToken, type PreviewKind } from "~/models/preview-links.server";
import { getAdmin } from "~/server/auth/auth.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

/** How a post's or role's public page is being seen. */
export type PreviewMode = "operator" | "link" | null;

export interface PublishedLookup<T> {
  /** The record visitors may read at this slug, or null. */
  live: (slug: string) => Promise<T | null>;
  /** Any record at this slug, whatever its status (a signed-in operator's preview). */
  bySlug: (slug: string) => Promise<T | null>;
  /** Any record by id (a preview link names its record, not its slug, which may change). */
  byId: (id: number) => Promise<T | null>;
  /** The record's public address. */
  path: (slug: string) => string;
}

/** A preview is for one person: never stored by a shared cache, never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": PRIVATE_NO_STORE, "X-Robots-Tag": "noindex" } as const;

/**
 * The record a public address shows, and whether as a preview:
 * - a live record, to anyone;
 * - a draft or scheduled one to a signed-in operator, or to anyone with a working preview link
 *   (`?preview=`, unexpired, not revoked, and the record a draft or scheduled: never while it is live
 *   or closed; a write after it went live deletes its links, see endPreviewLinksOnceLive);
 * - otherwise null, which the route answers with 404, so a draft and a missing slug look the same.
 * A preview link whose record has a new slug is sent to the new address.
 */
export async function publishedOrPreview<T extends Publication & { id: number; slug: string; closesAt?: Date | null }>(
  request: Request,
  kind: PreviewKind,
  slug: string,
  lookup: PublishedLookup<T>,
): Promise<{ record: T; preview: PreviewMode } | null> {
  const token = new URL(request.url).searchParams.get("preview");
  if (token) {
    const id = await resolvePreviewToken(kind, token);
    const record = id ? await lookup.byId(id) : null;
    const state = record ? publicationState(record) : null;
    if (record && (state === "draft" || state === "scheduled")) {
      if (record.slug !== slug) throw redirect(`${lookup.path(record.slug)}?preview=${encodeURIComponent(token)}`, { headers: PREVIEW_HEADERS });
      return { record, preview: "link" };
    }
  }
  const live = await lookup.live(slug);
  if (live) return { record: live, preview: null };
  if (await getAdmin(request)) {
    const record = await lookup.bySlug(slug);
    if (record) return { record, preview: "operator" };
  }
  return null;
}
