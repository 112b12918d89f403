import { deleteMedia, getMedia, listMedia, updateMediaAlt } from "~/models/media.server";
import type { MediaUploadInput } from "~/schemas/media";
import {
  apiError,
  apiJson,
  created,
  noContent,
  parseId,
  privateJson,
  readJsonBody,
  requireOperatorWrite,
  validateBody,
  writtenRecord,
} from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { mediaAltRequest, mediaJson, mediaUploadRequest } from "~/server/api/media-resources.server";
import { PAGE_NOT_FOUND, pageLinks, pageParam } from "~/server/api/publishing-api.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";
import { uploadImage } from "~/server/media/upload.server";
import { withoutVersion } from "~/schemas/fields";

/**
 * The media library's API: /api/admin/media (the library, page by page; an upload) and
 * /api/admin/media/{id} (one image; its alt text; deleting it). Uploads are multipart, the one body of the
 * API that is not JSON, and go through the same intake as the library screen's form. Every answer is for
 * the operator alone: `Cache-Control: private, no-store`.
 */

export const MEDIA_API_MESSAGES = {
  notFound: "Image not found",
  notMultipart: "Content-Type must be multipart/form-data",
  unreadableBody: "The request body could not be read",
} as const;

/** Only multipart/form-data, uncompressed (a compressed body would slip past the edge's size limit). */
function checkMultipart(request: Request): void {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const encoding = request.headers.get("Content-Encoding")?.trim().toLowerCase();
  if (
    mediaType !== "multipart/form-data" ||
    (encoding !== undefined && encoding !== "" && encoding !== "identity")
  ) {
    throw apiError(415, MEDIA_API_MESSAGES.notMultipart);
  }
}

/** The upload's fields, checked as the library's form checks them (a field sent twice counts once). */
async function readUpload(request: Request): Promise<MediaUploadInput> {
  checkMultipart(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw apiError(400, MEDIA_API_MESSAGES.unreadableBody);
  }
  const fields = Object.fromEntries([...new Set(form.keys())].map((name) => [name, form.get(name)]));
  return validateBody(mediaUploadRequest, fields);
}

/** GET: the library, newest first, 24 a page; POST: an upload (201, or 200 with the image already there). */
export const mediaListRoute = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    const requested = pageParam(request);
    const page = await listMedia(requested);
    if (page.page !== requested) throw apiError(404, PAGE_NOT_FOUND);
    return privateJson(
      { items: page.items.map(mediaJson), page: page.page, pageCount: page.pageCount, total: page.total },
      pageLinks(request, page.page, page.pageCount),
    );
  },
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const { file, alt } = await readUpload(args.request);
    const result = await uploadImage(file, alt, actorOf(user));
    if (!result.ok) throw apiError(result.status, result.message, { errors: { file: [result.message] } });
    const item = mediaJson(result.record);
    return result.created ? created(args.request, item) : apiJson(item);
  },
});

/** GET, PUT (the alt text, with an optional `version`: 409 when stale) and DELETE (409 while in use) of one image. */
export const mediaItemRoute = operatorRoute({
  async GET({ request, params }) {
    await requireAdminApi(request);
    const item = await getMedia(parseId(params.id, MEDIA_API_MESSAGES.notFound));
    if (!item) throw apiError(404, MEDIA_API_MESSAGES.notFound);
    return privateJson(mediaJson(item));
  },
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const id = parseId(args.params.id, MEDIA_API_MESSAGES.notFound);
    const { input, version } = withoutVersion(await readJsonBody(args.request, mediaAltRequest));
    const item = writtenRecord(
      await updateMediaAlt(id, input.alt, actorOf(user), version),
      MEDIA_API_MESSAGES.notFound,
    );
    return apiJson(mediaJson(item));
  },
  async DELETE(args) {
    const user = await requireOperatorWrite(args);
    const id = parseId(args.params.id, MEDIA_API_MESSAGES.notFound);
    writtenRecord(await deleteMedia(id, actorOf(user)), MEDIA_API_MESSAGES.notFound);
    return noContent();
  },
});
