import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { toast } from "~/components/ui/toast";
import { mediaUploadSchema, type MediaUploadInput } from "~/schemas/media";
import { FormMessages, hintId, LabelledField, TextField } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { inputClass, panelClass, primaryButton } from "~/components/admin/styles";
import { useActionToast } from "~/components/admin/use-action-toast";
import { formatFileSize } from "./media-format";
import type { MediaUploadLimits } from "./media-views";
import { UploadProgress } from "./upload-progress";
import { useUploadRequest, type UploadAnswer } from "./use-upload-request";

const MEDIA_LIBRARY_PATH = "/admin/media";
const UPLOAD_API = "/api/admin/media";
const ACCEPTED_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** A refusal from the API (or the size checked here first), as the form shows a refusal from its own action. */
function refusal(alt: string, errors: Record<string, string[]>): SubmissionResult<string[]> {
  return { status: "error", initialValue: { alt }, error: errors, state: { validated: { file: true, alt: true } }, fields: ["file", "alt"] };
}

function refusalErrors(answer: Extract<UploadAnswer, { kind: "refused" }>): Record<string, string[]> {
  const { file, alt } = answer.errors;
  if (file || alt) return { ...(file ? { file } : {}), ...(alt ? { alt } : {}) };
  // The intake's refusals (too large, not an image) belong to the file; anything else to the form.
  return answer.status === 413 || answer.status === 415 ? { file: [answer.message] } : { "": [answer.message] };
}

/**
 * The library's upload: a multipart form that posts to /admin/media without JavaScript. With it, the same
 * fields go to the JSON API with XMLHttpRequest, so the form shows the upload's progress; refusals land
 * under the same fields, and the library is loaded again with the new image.
 */
export function MediaUploadForm({ limits, reply }: { limits: MediaUploadLimits; reply: AdminFormReply | undefined }) {
  useActionToast(reply?.toast);
  const { phase, send, cancel } = useUploadRequest(UPLOAD_API);
  const [clientResult, setClientResult] = useState<SubmissionResult<string[]>>();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const busy = phase.state !== "idle";

  async function upload(formElement: HTMLFormElement, formData: FormData) {
    const file = formData.get("file") as File;
    const alt = String(formData.get("alt") ?? "");
    if (file.size > limits.maxBytes) return setClientResult(refusal(alt, { file: [limits.tooLargeMessage] }));
    const answer = await send(formData, file);
    if (answer.kind === "cancelled") return;
    if (answer.kind === "refused") return setClientResult(refusal(alt, refusalErrors(answer)));
    toast({ title: "Success", description: answer.created ? limits.uploadedNotice : limits.duplicateNotice });
    setClientResult(undefined);
    formElement.reset();
    // The newest image is first on the library's first page.
    if (location.pathname === MEDIA_LIBRARY_PATH && !location.search) revalidator.revalidate();
    else navigate(MEDIA_LIBRARY_PATH);
  }

  const [form, fields] = useForm<MediaUploadInput>({
    id: "media-upload",
    lastResult: clientResult ?? reply?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mediaUploadSchema, disableAutoCoercion: true }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit(event, { formData }) {
      event.preventDefault();
      if (!busy) void upload(event.currentTarget, formData);
    },
  });

  return (
    <section aria-labelledby="media-upload-title" className={`${panelClass} mb-8 p-4 shadow-xs sm:p-6`}>
      <h2 id="media-upload-title" className="text-lg font-semibold text-navy-950">
        Upload an image
      </h2>
      <p className="mt-1 mb-4 text-sm text-navy-600">
        Every upload is decoded and saved again, so camera details and locations never leave this server, then
        stored in sizes for every screen.
      </p>
      <Form
        method="post"
        action={MEDIA_LIBRARY_PATH}
        encType="multipart/form-data"
        replace
        {...getFormProps(form)}
        className="grid gap-2"
      >
        <FormMessages form={form} />
        <div className="grid gap-x-6 gap-y-2 md:grid-cols-2">
          <FileField
            meta={fields.file}
            label="Image file"
            hint={`JPEG, PNG, WebP, AVIF or GIF, up to ${formatFileSize(limits.maxBytes)} and ${limits.maxMegapixels} megapixels.`}
          />
          <TextField meta={fields.alt} label="Alt text" hint="Describe the image for someone who cannot see it." />
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? "Uploading..." : "Upload image"}
          </button>
          <UploadProgress phase={phase} onCancel={cancel} />
        </div>
      </Form>
    </section>
  );
}

function FileField<S>({ meta, label, hint }: { meta: FieldMetadata<S>; label: string; hint: string }) {
  return (
    <LabelledField meta={meta} label={label} hint={hint} className="grid content-start gap-1">
      <input
        {...getInputProps(meta, { type: "file", ariaDescribedBy: hintId(meta, hint) })}
        accept={ACCEPTED_TYPES}
        className={`${inputClass} py-1.5 file:mr-3 file:rounded file:border-0 file:bg-navy-100 file:px-2.5 file:py-1 file:text-sm file:font-medium file:text-navy-900`}
      />
    </LabelledField>
  );
}
