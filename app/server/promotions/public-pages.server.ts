import { COLLECTIONS } from "~/collections";
import { postPath } from "~/models/posts.server";
import type { PromotionCollection } from "~/models/promotions.server";
import { rolePath } from "~/models/roles.server";
import type { PromotionPreview } from "~/models/promotion-preview.server";

/**
 * How an approval keeps the pages visitors are sent (issue 42): the running server registers a renderer
 * that answers a signed-out GET of a public path through the same Remix handler visitors reach
 * (app/server/http/remix-handler.server.ts). Without one (a script, a test that did not set one) there is
 * nothing to keep, and an approval says so rather than keeping an invented page.
 */

/**
 * A public path's HTML as a signed-out visitor is sent it; with `preview`, as it would be with a pending
 * change approved (an approver's preview: the same render, with no scripts and the preview's banner).
 */
export type PublicPageRenderer = (path: string, preview?: PromotionPreview) => Promise<string>;

let renderer: PublicPageRenderer | null = null;

export function setPublicPageRenderer(render: PublicPageRenderer | null): void {
  renderer = render;
}

export class NoPageRenderer extends Error {
  constructor() {
    super("No public page renderer is registered: the pages of an approval cannot be kept");
  }
}

/** Whether pages can be kept now (a running server registers its renderer; a script or a test may not). */
export function canKeepPublicPages(): boolean {
  return renderer !== null;
}

/** Each path's HTML as a signed-out visitor is sent it now. */
export async function renderPublicPages(paths: readonly string[]): Promise<{ path: string; html: string }[]> {
  if (!renderer) throw new NoPageRenderer();
  const render = renderer;
  const pages: { path: string; html: string }[] = [];
  for (const path of paths) pages.push({ path, html: await render(path) });
  return pages;
}

/** A public page as it would be with a pending change approved, for an approver's preview (decision 0027). */
export async function renderPreviewPage(path: string, preview: PromotionPreview): Promise<string> {
  if (!renderer) throw new NoPageRenderer();
  return renderer(path, preview);
}

/** A post's or a role's own page (null for records shown only on the collection's pages). */
export function recordPathOf(collection: PromotionCollection, values: Record<string, unknown>): string | null {
  if (typeof values.slug !== "string" || !values.slug) return null;
  if (collection === "posts") return postPath(values.slug);
  if (collection === "roles") return rolePath(values.slug);
  return null;
}

/** The public pages a promotion appears on: its collection's, and its own page if it has one. */
export function pagesOfPromotion(collection: PromotionCollection, values: Record<string, unknown>): string[] {
  const shared = COLLECTIONS.find((c) => c.name === collection)?.publicPaths ?? [];
  const own = recordPathOf(collection, values);
  return own ? [...shared, own] : [...shared];
}
