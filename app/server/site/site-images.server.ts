import { now } from "~/models/clock.server";
import { currentDisclosure } from "~/models/regulatory-status.server";
import { effectiveStatus } from "~/utils/regulatory";
import { cached } from "~/models/content-cache.server";
import { getMedia, mediaImageOf, type MediaItem } from "~/models/media.server";
import { getSeoSettings, type SeoSettings } from "~/models/seo-settings.server";
import { getConfig } from "~/server/config.server";
import { mediaUrl, type MediaImage } from "~/utils/media";
import { siteSeoFrom, type ShareImage, type SiteSeo } from "~/utils/seo";

/** The widest variant a link preview or JSON-LD names: large enough for any card, small enough to fetch. */
const SHARE_MAX_WIDTH = 1600;

/** A library image as the public pages use it: drawn on the page, and named to crawlers. */
export interface ShownImage {
  image: MediaImage;
  /** Null only for an image with no JPEG or PNG variant stored. */
  share: ShareImage | null;
}

/** Its JPEG or PNG variant (crawlers do not all read AVIF or WebP), the widest up to SHARE_MAX_WIDTH. */
export function shareImageOf(item: MediaItem, origin: string): ShareImage | null {
  const fallbacks = item.variants.filter((variant) => variant.format === item.fallbackFormat).sort((a, b) => b.width - a.width);
  const variant = fallbacks.find((candidate) => candidate.width <= SHARE_MAX_WIDTH) ?? fallbacks[fallbacks.length - 1];
  if (!variant) return null;
  const path = mediaUrl(item.hash, variant.width, item.fallbackFormat === "png" ? "png" : "jpg");
  return { url: `${origin}${path}`, width: variant.width, height: variant.height, alt: item.alt };
}

/**
 * A library image by id, through the content cache (an alt text edit or a delete empties it, as any write
 * to public content does); null for none or an id no longer in the library.
 */
export function shownImage(id: number | null): Promise<ShownImage | null> {
  if (id === null) return Promise.resolve(null);
  return cached(`media:shown:${id}`, async () => {
    const item = await getMedia(id);
    if (!item) return null;
    return { image: mediaImageOf(item, item.variants), share: shareImageOf(item, getConfig().publicUrl.origin) };
  });
}

/** The site-wide SEO values with the settings' library images (default sharing image, logo) resolved. */
export async function siteSeoOf(settings: SeoSettings): Promise<SiteSeo> {
  const [share, logo, disclosure] = await Promise.all([
    shownImage(settings.ogImageId),
    shownImage(settings.logoImageId),
    currentDisclosure(),
  ]);
  const { record } = disclosure;
  return {
    ...siteSeoFrom(settings, getConfig().publicUrl.origin, { share: share?.share, logo: logo?.share }),
    regulatory: {
      legalName: record.legalName,
      companyNumber: record.companyNumber,
      registeredOffice: record.registeredOffice,
      vatNumber: record.vatNumber,
      ownFrn: effectiveStatus(record, now()).fcaStatus === "authorised" ? disclosure.frn : null,
      status: disclosure.status,
    },
  };
}

export async function loadSiteSeo(): Promise<SiteSeo> {
  return siteSeoOf(await getSeoSettings());
}
