import { getConfig } from "~/server/config.server";
import { now } from "~/models/clock.server";
import type { PromotionPreview } from "~/models/promotion-preview.server";
import {
  getPromotionVersion,
  type PromotionCollection,
  type PromotionVersion,
} from "~/models/promotions.server";
import { bodyMediaSizes } from "~/models/rendered-bodies.server";
import { renderOffThread } from "~/server/site/render-off-thread.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { liveValuesOf } from "./approvals.server";
import { recordPathOf, renderPreviewPage } from "./public-pages.server";

/**
 * An approver's preview of a pending change (issue 42, decision 0027): the real public page it appears on,
 * rendered by the running server's own Remix handler (the renderer the register's snapshots use) with the
 * pending values in place of the live ones, for that render only. Served at
 * /admin/approvals/{id}/preview?page=/path to approvers and admins, private and never stored or indexed.
 */

export const PREVIEW_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": PRIVATE_NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export interface PreviewPage {
  path: string;
  /** What the approval screen's link calls it. */
  name: string;
}

/**
 * The public pages a change is previewed on: the home page for the hero and statistics (and the products'
 * carousel), /platforms for products, a post's or role's own page. (Lists of posts and roles are not previewed:
 * the change is shown on its own page.)
 */
export function previewPagesOf(
  collection: PromotionCollection,
  values: Record<string, unknown>,
): PreviewPage[] {
  switch (collection) {
    case "hero-content":
    case "statistics":
      return [{ path: "/", name: "Home page" }];
    case "products":
      return [
        { path: "/", name: "Home page" },
        { path: "/platforms", name: "Platforms" },
      ];
    case "posts":
    case "roles": {
      const own = recordPathOf(collection, values);
      return own ? [{ path: own, name: collection === "posts" ? "The post's page" : "The role's page" }] : [];
    }
    // The status is stated in every page's footer and in the About page's copy.
    case "regulatory-status":
      return [
        { path: "/", name: "Home page" },
        { path: "/about", name: "About" },
      ];
    case "risk-warnings":
      return [{ path: "/platforms", name: "Platforms" }];
  }
}

export function previewHref(versionId: number, path: string): string {
  return `/admin/approvals/${versionId}/preview?page=${encodeURIComponent(path)}`;
}

const DATE_FIELDS = ["publishAt", "publishedAt", "closesAt", "createdAt", "updatedAt", "takesEffectAt"];

/** The record as it would be once approved: the live one with the pending values (kept as JSON) over it. */
export async function previewRecordOf(version: PromotionVersion): Promise<Record<string, unknown>> {
  const live = await liveValuesOf(version);
  const at = now();
  const values: Record<string, unknown> = {
    id: version.recordId ?? 0,
    version: 0,
    createdAt: at,
    updatedAt: at,
    ...(live ?? {}),
    ...version.values,
  };
  for (const field of DATE_FIELDS) {
    if (typeof values[field] === "string") values[field] = new Date(values[field] as string);
  }
  // A new record goes at the end of its list unless it says where.
  if (version.recordId === null && typeof values.displayOrder !== "number")
    values.displayOrder = Number.MAX_SAFE_INTEGER;
  if (version.collection === "hero-content") {
    values.secondaryCtaText ??= "";
    values.secondaryCtaUrl ??= "";
  }
  if (version.collection === "posts" || version.collection === "roles") {
    // Shown as it will be once live: published now, or at its scheduled time. Its Markdown is rendered as a
    // save renders it (a view never renders Markdown).
    const siteOrigin = getConfig().publicUrl.origin;
    const sizes = await bodyMediaSizes(String(values.body ?? ""));
    values.status = "published";
    values.publishedAt =
      (values.publishAt as Date | null | undefined) ?? (live?.publishedAt as Date | null | undefined) ?? at;
    values.coverImageId ??= null;
    Object.assign(
      values,
      version.collection === "posts"
        ? await renderOffThread(
            "post",
            { summary: String(values.summary ?? ""), body: String(values.body ?? "") },
            siteOrigin,
            sizes,
          )
        : await renderOffThread(
            "role",
            {
              slug: String(values.slug ?? ""),
              title: String(values.title ?? ""),
              team: String(values.team ?? ""),
              location: String(values.location ?? ""),
              summary: String(values.summary ?? ""),
              body: String(values.body ?? ""),
            },
            siteOrigin,
            sizes,
          ),
    );
  }
  return values;
}

/**
 * The preview of pending change `id` on public page `path`: its HTML, or null when there is no such pending
 * change or the change does not appear on that page.
 */
export async function approvalPreviewHtml(id: number, path: string | null): Promise<string | null> {
  const version = await getPromotionVersion(id);
  if (!version || version.status !== "pending" || !path) return null;
  const values = await previewRecordOf(version);
  if (!previewPagesOf(version.collection, values).some((page) => page.path === path)) return null;
  const preview: PromotionPreview = {
    collection: version.collection,
    recordId: version.recordId,
    values,
    backTo: `/admin/approvals/${version.id}`,
  };
  return renderPreviewPage(path, preview);
}
