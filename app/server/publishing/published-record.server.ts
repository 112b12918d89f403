import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { PreviewKind } from "~/models/preview-links.server";
import { publicationState, type Publication } from "~/models/publication.server";
import {
  PREVIEW_HEADERS,
  publishedOrPreview,
  type PreviewMode,
  type PublishedLookup,
} from "~/server/site/preview.server";
import { formatLondonDate, formatLondonDateTime } from "~/utils/london-time";

type ShownRecord = Publication & { id: number; slug: string; closesAt?: Date | null };

/**
 * The post or role a public page (/newsroom/{slug}, /careers/{slug}) shows: the live one, or a preview of
 * one that is not live for an operator or a preview link; anything else is a 404.
 */
export async function findPublishedRecord<T extends ShownRecord>(
  request: Request,
  params: LoaderFunctionArgs["params"],
  kind: PreviewKind,
  lookup: PublishedLookup<T>,
) {
  const found = await publishedOrPreview(request, kind, params.slug ?? "", lookup);
  if (!found) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return found;
}

/** A preview's banner: where the record stands, and (for a signed-in operator) a link to its editor. */
export function previewBannerView(preview: PreviewMode, record: ShownRecord, editPath: string) {
  if (!preview) return null;
  const state = publicationState(record);
  return {
    state:
      state === "scheduled" && record.publishedAt
        ? `Scheduled for ${formatLondonDateTime(record.publishedAt)}.`
        : state === "closed" && record.closesAt
          ? `Closed on ${formatLondonDate(record.closesAt)}.`
          : "Draft.",
    editPath: preview === "operator" ? editPath : undefined,
  };
}

/** The page's data; a preview's is private and not indexed. */
export function publishedRecordAnswer<T>(body: T, preview: PreviewMode) {
  return preview ? data(body, { headers: PREVIEW_HEADERS }) : body;
}
