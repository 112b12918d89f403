import { and, count, desc, eq, inArray, or } from "drizzle-orm";
import { getDb, type Db } from "~db/client.server";
import { media, mediaVariants, posts, seoSettings, type MEDIA_FORMATS, type MEDIA_SOURCE_TYPES } from "~db/schema";
import type { MediaImage } from "~/utils/media";
import { pageWindow, type PageOf } from "~/utils/pagination";
import type { Actor, WriteResult } from "./actor";
import { changedFields, recordAudit } from "./audit.server";
import { contentChanged } from "./content-cache.server";
import { writeNextVersion } from "./next-version.server";

export type Media = typeof media.$inferSelect;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
export type MediaSourceType = (typeof MEDIA_SOURCE_TYPES)[number];

/** One encoding of an upload at one width, ready to store. */
export interface EncodedVariant {
  width: number;
  height: number;
  format: MediaFormat;
  bytes: Buffer;
  etag: string;
}

/** An upload as the intake checked and encoded it (its own bytes are not kept). */
export interface ProcessedImage {
  /** The first 128 bits of the SHA-256 of the uploaded bytes, hex: the key of its addresses. */
  hash: string;
  sourceType: MediaSourceType;
  byteSize: number;
  width: number;
  height: number;
  fallbackFormat: "jpeg" | "png";
  variants: EncodedVariant[];
}

export interface MediaVariantInfo {
  width: number;
  height: number;
  format: MediaFormat;
  byteSize: number;
}

/** Where an image is used: each place refuses its deletion and is listed on the library screen. */
export interface MediaUse {
  kind: "post-cover" | "default-share-image" | "organisation-logo";
  label: string;
  /** The admin screen where it can be changed. */
  href: string;
}

export type MediaItem = Media & { variants: MediaVariantInfo[]; usedBy: MediaUse[] };

export const MEDIA_PAGE_SIZE = 24;
const MAX_ID = 2_147_483_647;

const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;

export const MEDIA_MESSAGES = {
  inUse: (uses: MediaUse[]) =>
    `This image is in use (${uses.map((use) => use.label).join("; ")}). Choose another image there first, then delete it.`,
  duplicate: "This image is already in the library.",
} as const;

/** What a page needs to draw an image: its address, alt text, size and widths. */
export function mediaImageOf(item: Pick<Media, "hash" | "alt" | "width" | "height">, variants: Pick<MediaVariantInfo, "width">[]): MediaImage {
  const widths = [...new Set(variants.map((variant) => variant.width))].sort((a, b) => a - b);
  return { hash: item.hash, alt: item.alt, width: item.width, height: item.height, widths };
}

async function variantsByMedia(ids: number[]): Promise<Map<number, MediaVariantInfo[]>> {
  const byMedia = new Map<number, MediaVariantInfo[]>();
  if (!ids.length) return byMedia;
  const rows = await getDb()
    .select({
      mediaId: mediaVariants.mediaId,
      width: mediaVariants.width,
      height: mediaVariants.height,
      format: mediaVariants.format,
      byteSize: mediaVariants.byteSize,
    })
    .from(mediaVariants)
    .where(inArray(mediaVariants.mediaId, ids))
    .orderBy(mediaVariants.width, mediaVariants.format);
  for (const { mediaId, ...variant } of rows) {
    const list = byMedia.get(mediaId) ?? [];
    list.push(variant);
    byMedia.set(mediaId, list);
  }
  return byMedia;
}

type Reader = Pick<ReturnType<typeof getDb>, "select">;

/** Every place each of these images is used. */
async function usesOf(ids: number[], db: Reader = getDb()): Promise<Map<number, MediaUse[]>> {
  const uses = new Map<number, MediaUse[]>();
  if (!ids.length) return uses;
  const add = (id: number, use: MediaUse) => uses.set(id, [...(uses.get(id) ?? []), use]);
  const covers = await db
    .select({ id: posts.id, title: posts.title, cover: posts.coverImageId })
    .from(posts)
    .where(inArray(posts.coverImageId, ids))
    .orderBy(posts.id);
  for (const post of covers) {
    add(post.cover!, { kind: "post-cover", label: `Cover image of the post "${post.title}"`, href: `/admin/news/${post.id}/edit` });
  }
  const [settings] = await db
    .select({ og: seoSettings.ogImageId, logo: seoSettings.logoImageId })
    .from(seoSettings)
    .where(or(inArray(seoSettings.ogImageId, ids), inArray(seoSettings.logoImageId, ids)));
  if (settings?.og && ids.includes(settings.og)) {
    add(settings.og, { kind: "default-share-image", label: "Default sharing image in SEO settings", href: "/admin/seo" });
  }
  if (settings?.logo && ids.includes(settings.logo)) {
    add(settings.logo, { kind: "organisation-logo", label: "Organisation logo in SEO settings", href: "/admin/seo?tab=schema" });
  }
  return uses;
}

async function withDetails(rows: Media[]): Promise<MediaItem[]> {
  const ids = rows.map((row) => row.id);
  const [variants, uses] = await Promise.all([variantsByMedia(ids), usesOf(ids)]);
  return rows.map((row) => ({ ...row, variants: variants.get(row.id) ?? [], usedBy: uses.get(row.id) ?? [] }));
}

/** The library, newest upload first. */
export async function listMedia(page = 1, size = MEDIA_PAGE_SIZE): Promise<PageOf<MediaItem>> {
  const [counted] = await getDb().select({ n: count() }).from(media);
  const total = Number(counted?.n ?? 0);
  const window = pageWindow(total, page, size);
  const rows = await getDb().select().from(media).orderBy(desc(media.createdAt), desc(media.id)).limit(window.limit).offset(window.offset);
  return { items: await withDetails(rows), total, page: window.page, pageCount: window.pageCount };
}

/** Every image (or the newest `limit`), newest first, with its widths: the pickers in the editors. */
export async function listMediaChoices(limit?: number): Promise<(MediaImage & { id: number })[]> {
  const newest = getDb().select().from(media).orderBy(desc(media.createdAt), desc(media.id));
  const rows = await (limit === undefined ? newest : newest.limit(limit));
  const variants = await variantsByMedia(rows.map((row) => row.id));
  return rows.map((row) => ({ id: row.id, ...mediaImageOf(row, variants.get(row.id) ?? []) }));
}

export async function getMedia(id: number): Promise<MediaItem | null> {
  if (!validId(id)) return null;
  const rows = await getDb().select().from(media).where(eq(media.id, id));
  const [item] = await withDetails(rows);
  return item ?? null;
}

/** The images to draw for these ids (a post's cover, the sharing image), by id; missing ids are left out. */
export async function mediaImagesById(ids: (number | null | undefined)[]): Promise<Map<number, MediaImage>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number" && validId(id)))];
  const images = new Map<number, MediaImage>();
  if (!wanted.length) return images;
  const rows = await getDb().select().from(media).where(inArray(media.id, wanted));
  const variants = await variantsByMedia(wanted);
  for (const row of rows) images.set(row.id, mediaImageOf(row, variants.get(row.id) ?? []));
  return images;
}

/**
 * The stored sizes of the library images with these hashes (the images a Markdown body shows), read
 * through `reader` (a save's transaction); hashes not in the library are left out.
 */
export async function mediaSizesByHash(
  hashes: readonly string[],
  reader: Pick<Db, "select"> = getDb(),
): Promise<Map<string, { width: number; height: number }>> {
  const sizes = new Map<string, { width: number; height: number }>();
  if (!hashes.length) return sizes;
  const rows = await reader
    .select({ hash: media.hash, width: media.width, height: media.height })
    .from(media)
    .where(inArray(media.hash, [...hashes]));
  for (const row of rows) sizes.set(row.hash, { width: row.width, height: row.height });
  return sizes;
}

/** Whether an image with this id is in the library (a post's cover must be). */
export async function mediaExists(id: number): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().select({ id: media.id }).from(media).where(eq(media.id, id));
  return Boolean(row);
}

/**
 * Stores a processed upload and its variants in one transaction, audited. The same bytes uploaded again
 * are the same image: the library's existing entry is returned with `created: false`.
 */
export async function createMedia(
  image: ProcessedImage,
  input: { alt: string; fileName: string },
  actor: Actor,
): Promise<{ record: MediaItem; created: boolean }> {
  const created = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({
        hash: image.hash,
        alt: input.alt,
        fileName: input.fileName,
        sourceType: image.sourceType,
        byteSize: image.byteSize,
        width: image.width,
        height: image.height,
        fallbackFormat: image.fallbackFormat,
        userId: actor.userId,
        uploadedBy: actor.email,
      })
      .onConflictDoNothing({ target: media.hash })
      .returning();
    if (!row) return null;
    for (const variant of image.variants) {
      await tx.insert(mediaVariants).values({
        mediaId: row.id,
        width: variant.width,
        height: variant.height,
        format: variant.format,
        bytes: variant.bytes,
        byteSize: variant.bytes.length,
        etag: variant.etag,
      });
    }
    await recordAudit(tx, actor, {
      entity: "media",
      entityId: row.id,
      action: "create",
      summary: `Uploaded image "${row.alt}"`,
      changes: { fields: ["alt", "fileName"], version: row.version },
    });
    return row;
  });
  if (created) return { record: (await getMedia(created.id))!, created: true };
  const [existing] = await getDb().select({ id: media.id }).from(media).where(eq(media.hash, image.hash));
  return { record: (await getMedia(existing!.id))!, created: false };
}

/** Changes an image's alt text (shown wherever it is used, so the public caches are emptied). */
export async function updateMediaAlt(id: number, alt: string, actor: Actor, expectedVersion?: number): Promise<WriteResult<MediaItem>> {
  if (!validId(id)) return { ok: false, reason: "not_found" };
  const result = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(media).where(eq(media.id, id)).for("update");
    if (!before) return "not_found" as const;
    if (expectedVersion !== undefined && expectedVersion !== before.version) return "stale" as const;
    if (!changedFields(before, { alt }).length) return before;
    const after = await writeNextVersion(tx, media, id, { alt });
    await recordAudit(tx, actor, {
      entity: "media",
      entityId: id,
      action: "update",
      summary: `Updated image "${alt}"`,
      changes: { fields: ["alt"], version: after.version },
    });
    return after;
  });
  if (result === "not_found") return { ok: false, reason: "not_found" };
  if (result === "stale") {
    return { ok: false, reason: "conflict", message: "This image's alt text was changed while you were editing. Review it and save again." };
  }
  await contentChanged();
  return { ok: true, record: (await getMedia(id))! };
}

/** Deletes an image and its variants, refused while anything uses it (naming where). */
export async function deleteMedia(id: number, actor: Actor): Promise<WriteResult<Media>> {
  if (!validId(id)) return { ok: false, reason: "not_found" };
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for("update");
    if (!row) return "not_found" as const;
    const uses = (await usesOf([id], tx)).get(id) ?? [];
    if (uses.length) return { inUse: uses };
    await tx.delete(media).where(eq(media.id, id));
    await recordAudit(tx, actor, { entity: "media", entityId: id, action: "delete", summary: `Deleted image "${row.alt}"` });
    return row;
  });
  if (result === "not_found") return { ok: false, reason: "not_found" };
  if ("inUse" in result) return { ok: false, reason: "conflict", message: MEDIA_MESSAGES.inUse(result.inUse) };
  await contentChanged();
  return { ok: true, record: result };
}

/** The encodings stored of one image at one width (no bytes): what content negotiation chooses from. */
export async function variantChoices(hash: string, width: number): Promise<{ format: MediaFormat; etag: string; byteSize: number; fallback: boolean }[]> {
  const rows = await getDb()
    .select({ format: mediaVariants.format, etag: mediaVariants.etag, byteSize: mediaVariants.byteSize, fallback: media.fallbackFormat })
    .from(mediaVariants)
    .innerJoin(media, eq(media.id, mediaVariants.mediaId))
    .where(and(eq(media.hash, hash), eq(mediaVariants.width, width)));
  return rows.map((row) => ({ format: row.format, etag: row.etag, byteSize: row.byteSize, fallback: row.format === row.fallback }));
}

/** One variant's bytes, or null. */
export async function variantBytes(hash: string, width: number, format: MediaFormat): Promise<Buffer | null> {
  const [row] = await getDb()
    .select({ bytes: mediaVariants.bytes })
    .from(mediaVariants)
    .innerJoin(media, eq(media.id, mediaVariants.mediaId))
    .where(and(eq(media.hash, hash), eq(mediaVariants.width, width), eq(mediaVariants.format, format)));
  return row ? Buffer.from(row.bytes) : null;
}
