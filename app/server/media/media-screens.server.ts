import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/node";
import type { AdminFormReply } from "~/components/admin/form-reply";
import type { MediaAltReply, MediaCardView, MediaDetailView, MediaUploadLimits } from "~/components/admin/media/media-views";
import {
  deleteMedia,
  getMedia,
  MEDIA_MESSAGES,
  mediaImageOf,
  updateMediaAlt,
  type MediaFormat,
  type MediaItem,
} from "~/models/media.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { mediaAltSchema, mediaUploadSchema } from "~/schemas/media";
import { actorOf } from "~/server/auth/auth.server";
import {
  ADMIN_CACHE_HEADERS,
  beginAdminWrite,
  failureToast,
  handleAdminForm,
  successToast,
} from "~/server/forms/admin-action.server";
import { readFormData } from "~/server/forms/form-data.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { RETRY_AFTER_SECONDS } from "~/server/http/error-response.server";
import { mediaUrl, type MediaUrlFormat } from "~/utils/media";
import { describeDatabaseError, isDatabaseUnavailable } from "~db/errors.server";
import { INTAKE_MESSAGES, MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS } from "./image-intake.server";
import { uploadImage } from "./upload.server";

/**
 * The library screens' side of the server (/admin/media, an image's page, its delete confirmation): what
 * their loaders send, and their form actions. The JSON API shares the model and the upload with them.
 */

export const MEDIA_LIBRARY_URL = "/admin/media";

export const MEDIA_SCREEN_MESSAGES = {
  uploaded: "Image uploaded.",
  altSaved: "Alt text saved.",
  deleted: "Image deleted.",
  uploadFailed: "Failed to upload image. Please try again.",
  altFailed: "Failed to save alt text. Please try again.",
  deleteFailed: "Failed to delete image. Please try again.",
  gone: "This image is no longer in the library.",
} as const;

export const MEDIA_UPLOAD_LIMITS: MediaUploadLimits = {
  maxBytes: MEDIA_MAX_BYTES,
  maxMegapixels: MEDIA_MAX_PIXELS / 1_000_000,
  tooLargeMessage: INTAKE_MESSAGES.tooLarge,
  uploadedNotice: MEDIA_SCREEN_MESSAGES.uploaded,
  duplicateNotice: MEDIA_MESSAGES.duplicate,
};

const FILE_EXTENSION: Record<MediaFormat, MediaUrlFormat> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };

export function mediaCardView(item: MediaItem): MediaCardView {
  return {
    id: item.id,
    image: mediaImageOf(item, item.variants),
    fileName: item.fileName,
    sourceType: item.sourceType,
    byteSize: item.byteSize,
    uses: item.usedBy.map(({ label, href }) => ({ label, href })),
  };
}

/** An image's page, but for the upload time as the operator reads it (the route formats it). */
export function mediaDetailView(item: MediaItem): Omit<MediaDetailView, "uploaded"> {
  return {
    ...mediaCardView(item),
    version: item.version,
    uploadedAt: item.createdAt.toISOString(),
    uploadedBy: item.uploadedBy,
    variants: item.variants.map((variant) => ({
      ...variant,
      url: mediaUrl(item.hash, variant.width, FILE_EXTENSION[variant.format]),
    })),
  };
}

function reply(body: AdminFormReply, status: number, headers?: HeadersInit) {
  return data(body, { status, headers: { ...ADMIN_CACHE_HEADERS, ...headers } });
}

/** A failure nobody asked for: 503 with Retry-After while the database is away, else 500; logged either way. */
function failed(error: unknown, message: string, result: AdminFormReply["result"]) {
  const unavailable = isDatabaseUnavailable(error);
  console.error(`[admin] ${message}`, unavailable ? describeDatabaseError(error) : error);
  return reply(
    { result, toast: failureToast(message) },
    unavailable ? 503 : 500,
    unavailable ? { "Retry-After": RETRY_AFTER_SECONDS } : undefined,
  );
}

/**
 * The library's upload form, posted natively (multipart): the shared schema, then the intake. Each refusal
 * is answered with its status (400, 413, 415) and its message under its field; the alt text typed is sent
 * back, the file never is.
 */
export async function handleMediaUpload({ request, context }: { request: Request; context: AppLoadContext }) {
  const { user, limited } = await beginAdminWrite(request, context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: mediaUploadSchema, disableAutoCoercion: true });
  const answer = (options?: Parameters<typeof submission.reply>[0]) => submission.reply({ ...options, hideFields: ["file"] });

  if (limited) {
    return reply(
      { result: answer({ formErrors: [RATE_LIMIT_MESSAGE] }), toast: failureToast(RATE_LIMIT_MESSAGE) },
      429,
      { "Retry-After": String(limited.retryAfter) },
    );
  }
  if (submission.status !== "success") return reply({ result: answer() }, 400);

  try {
    const outcome = await uploadImage(submission.value.file, submission.value.alt, actorOf(user));
    if (!outcome.ok) return reply({ result: answer({ fieldErrors: { file: [outcome.message] } }) }, outcome.status);
    return redirectWithToast(
      MEDIA_LIBRARY_URL,
      successToast(outcome.created ? MEDIA_SCREEN_MESSAGES.uploaded : MEDIA_MESSAGES.duplicate),
    );
  } catch (error) {
    return failed(error, MEDIA_SCREEN_MESSAGES.uploadFailed, answer({ formErrors: [MEDIA_SCREEN_MESSAGES.uploadFailed] }));
  }
}

/**
 * An image's alt text form, as every admin edit form is handled. A stale save (409) also says what the alt
 * text now reads and which version to save over, so saving again replaces it on purpose.
 */
export async function handleMediaAltSave({ request, context, id }: { request: Request; context: AppLoadContext; id: number }) {
  const answer = await handleAdminForm({
    request,
    context,
    schema: mediaAltSchema,
    write: (value, actor, version) => updateMediaAlt(id, value.alt, actor, version),
    successUrl: MEDIA_LIBRARY_URL,
    successMessage: MEDIA_SCREEN_MESSAGES.altSaved,
    failureMessage: MEDIA_SCREEN_MESSAGES.altFailed,
  });
  if (answer instanceof Response || answer.init?.status !== 409) return answer;
  const now = await getMedia(id);
  if (!now) return answer;
  const body: MediaAltReply = { ...answer.data, current: { alt: now.alt, version: now.version } };
  return data(body, answer.init);
}

/** An image's delete confirmation: what to name, and where it is used (then it cannot be deleted). */
export async function mediaDeleteView(id: number) {
  const item = await getMedia(id);
  if (!item) return null;
  return { item: mediaCardView(item), inUseMessage: item.usedBy.length ? MEDIA_MESSAGES.inUse(item.usedBy) : null };
}

/**
 * The confirmation's post: the library with "Image deleted.", or 409 with the places that use the image
 * (something began to use it after the page was shown).
 */
export async function handleMediaDelete({ request, context, id }: { request: Request; context: AppLoadContext; id: number }) {
  const { user, limited } = await beginAdminWrite(request, context);
  const refusal = (message: string) => ({ status: "error" as const, error: { "": [message] } });
  if (limited) {
    return reply({ result: refusal(RATE_LIMIT_MESSAGE), toast: failureToast(RATE_LIMIT_MESSAGE) }, 429, {
      "Retry-After": String(limited.retryAfter),
    });
  }
  try {
    const outcome = await deleteMedia(id, actorOf(user));
    if (outcome.ok) return redirectWithToast(MEDIA_LIBRARY_URL, successToast(MEDIA_SCREEN_MESSAGES.deleted));
    if (outcome.reason === "conflict") return reply({ result: refusal(outcome.message) }, 409);
    return redirectWithToast(MEDIA_LIBRARY_URL, failureToast(MEDIA_SCREEN_MESSAGES.gone));
  } catch (error) {
    return failed(error, MEDIA_SCREEN_MESSAGES.deleteFailed, refusal(MEDIA_SCREEN_MESSAGES.deleteFailed));
  }
}
