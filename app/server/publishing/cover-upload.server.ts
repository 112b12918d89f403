import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/node";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { COVER_UPLOAD_FIELDS, COVER_UPLOADED_MESSAGE, type CoverUploadAnswer } from "~/components/admin/cover-upload";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { mediaUploadSchema } from "~/schemas/media";
import { actorOf } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, beginAdminWrite, failureToast, successToast } from "~/server/forms/admin-action.server";
import { MEDIA_SCREEN_MESSAGES } from "~/server/media/media-screens.server";
import { uploadImage } from "~/server/media/upload.server";
import { describeDatabaseError, isDatabaseUnavailable } from "~db/errors.server";

/**
 * The post editor's form as typed, for the answer to send back: every text field (the file left out), the
 * upload's own fields cleared. A posted list (a checkbox's hidden "off" and "on") stays a list.
 */
export function typedValues(formData: FormData, without: readonly string[] = []): Record<string, string | string[]> {
  const names = [...new Set(formData.keys())].filter((name) => name !== "intent" && !without.includes(name));
  return Object.fromEntries(
    names.map((name) => {
      const values = formData.getAll(name).filter((value): value is string => typeof value === "string");
      return [name, values.length > 1 ? values : (values[0] ?? "")];
    }),
  );
}

type Answer = AdminFormReply & { upload: CoverUploadAnswer };

function answer(body: Answer, status = 200, headers?: HeadersInit) {
  return data(body, { status, headers: { ...ADMIN_CACHE_HEADERS, ...headers } });
}

/**
 * "Upload and use as cover" in the post editor's picker: the editor's whole form posted as multipart with
 * the image and its alt text. The image goes through the media library's own upload (intake, variants,
 * audit); the editor comes back with everything as typed, nothing of the post saved, and the new image
 * chosen as the cover. A refusal (no file, no alt text, not an image, too large) is said under the
 * picker's fields, the text still as typed.
 */
export async function handleCoverUpload(request: Request, context: AppLoadContext, formData: FormData) {
  const { user, limited } = await beginAdminWrite(request, context);
  const typed = typedValues(formData, [COVER_UPLOAD_FIELDS.file, COVER_UPLOAD_FIELDS.alt]);
  const alt = String(formData.get(COVER_UPLOAD_FIELDS.alt) ?? "");
  const refused = (errors: CoverUploadAnswer["errors"], status: number, toastMessage?: string, headers?: HeadersInit) =>
    answer(
      {
        result: { initialValue: typed },
        upload: { errors, alt, uploadedId: null },
        ...(toastMessage ? { toast: failureToast(toastMessage) } : {}),
      },
      status,
      headers,
    );
  if (limited) return refused({ file: [RATE_LIMIT_MESSAGE] }, 429, RATE_LIMIT_MESSAGE, { "Retry-After": String(limited.retryAfter) });

  const upload = new FormData();
  const file = formData.get(COVER_UPLOAD_FIELDS.file);
  if (file !== null) upload.set("file", file);
  upload.set("alt", alt);
  const submission = parseWithZod(upload, { schema: mediaUploadSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const error = submission.error ?? {};
    return refused({ file: error.file ?? undefined, alt: error.alt ?? undefined }, 400);
  }
  try {
    const outcome = await uploadImage(submission.value.file, submission.value.alt, actorOf(user));
    if (!outcome.ok) return refused({ file: [outcome.message] }, outcome.status);
    return answer({
      result: { initialValue: { ...typed, coverImageId: String(outcome.record.id) } },
      toast: successToast(COVER_UPLOADED_MESSAGE),
      upload: { errors: {}, alt: "", uploadedId: outcome.record.id },
    });
  } catch (error) {
    const unavailable = isDatabaseUnavailable(error);
    console.error(`[admin] ${MEDIA_SCREEN_MESSAGES.uploadFailed}`, unavailable ? describeDatabaseError(error) : error);
    return refused({ file: [MEDIA_SCREEN_MESSAGES.uploadFailed] }, unavailable ? 503 : 500, MEDIA_SCREEN_MESSAGES.uploadFailed);
  }
}
