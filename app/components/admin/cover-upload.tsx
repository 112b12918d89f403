import { useActionData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/utils/hydrated";
import { LabelledField } from "./fields";
import { formatFileSize } from "./media/media-format";
import { hintClass, inputClass, secondaryButton } from "./styles";

/** The post editor's intent for "Upload and use as cover", and its two fields (inside the editor's form). */
export const COVER_UPLOAD_INTENT = "upload-cover";
export const COVER_UPLOAD_FIELDS = { file: "coverUploadFile", alt: "coverUploadAlt" } as const;
export const COVER_UPLOADED_MESSAGE = "Image uploaded and chosen as the cover. Save the post to keep it.";
const ACCEPTED_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";
const ALT_HINT = "What the image shows, for people who cannot see it.";

/** What the editor's action answers to an upload: the refusal's messages, the alt text as typed, the new image. */
export interface CoverUploadAnswer {
  errors: { file?: string[]; alt?: string[] };
  alt: string;
  uploadedId: number | null;
}

/** The image the editor's last answer uploaded (its id), if it did: the picker's choice from then on. */
export function useUploadedCover(): number | null {
  const reply = useActionData() as { upload?: CoverUploadAnswer } | undefined;
  return (reply && typeof reply === "object" && "upload" in reply ? reply.upload?.uploadedId : null) ?? null;
}

/**
 * An upload inside the cover picker: the image and its alt text, and a button that posts the whole editor
 * form (multipart) to the editor's own action. The image goes into the media library and becomes the
 * cover; the post is not saved, and everything typed comes back as it was, with or without JavaScript.
 */
export function CoverUpload({
  id,
  maxBytes,
  tooLargeMessage,
}: {
  id: string;
  maxBytes: number;
  tooLargeMessage: string;
}) {
  const hydrated = useHydrated();
  const reply = useActionData() as { upload?: CoverUploadAnswer } | undefined;
  const answer = reply && typeof reply === "object" && "upload" in reply ? reply.upload : undefined;
  const [tooLarge, setTooLarge] = useState(false);
  const fileErrors = tooLarge ? [tooLargeMessage] : (answer?.errors.file ?? []);
  const altErrors = answer?.errors.alt ?? [];
  const fileId = `${id}-upload-file`;
  const altId = `${id}-upload-alt`;
  return (
    // Remade after an upload, so the file chosen is cleared.
    <details
      key={answer?.uploadedId ?? "upload"}
      open={Boolean(fileErrors.length || altErrors.length) || undefined}
      className="rounded-md border border-navy-200 bg-white px-3 py-2"
    >
      <summary className="cursor-pointer text-sm font-medium text-navy-900">Upload a new image</summary>
      <div className="mt-3 grid gap-3">
        <p className={hintClass}>
          {`JPEG, PNG, WebP, AVIF or GIF, up to ${formatFileSize(maxBytes)}. It is added to the media library and chosen as the cover; the post is not saved until you save it, and what you typed stays as it is.`}
        </p>
        <LabelledField
          meta={{ id: fileId, errorId: `${fileId}-error`, errors: fileErrors }}
          label="Image file"
        >
          <input
            id={fileId}
            type="file"
            name={COVER_UPLOAD_FIELDS.file}
            accept={ACCEPTED_TYPES}
            aria-invalid={fileErrors.length ? true : undefined}
            aria-describedby={fileErrors.length ? `${fileId}-error` : undefined}
            className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-navy-100 file:px-3 file:py-1 file:text-sm`}
            onChange={(event) => setTooLarge((event.currentTarget.files?.[0]?.size ?? 0) > maxBytes)}
          />
        </LabelledField>
        <LabelledField
          meta={{ id: altId, errorId: `${altId}-error`, errors: altErrors }}
          label="Alt text"
          hint={ALT_HINT}
        >
          <input
            id={altId}
            type="text"
            name={COVER_UPLOAD_FIELDS.alt}
            defaultValue={answer?.uploadedId ? "" : (answer?.alt ?? "")}
            autoComplete="off"
            aria-invalid={altErrors.length ? true : undefined}
            aria-describedby={`${altId}-hint${altErrors.length ? ` ${altId}-error` : ""}`}
            className={inputClass}
          />
        </LabelledField>
        <div>
          <button
            type="submit"
            name="intent"
            value={COVER_UPLOAD_INTENT}
            formEncType="multipart/form-data"
            formNoValidate
            disabled={hydrated && tooLarge}
            className={secondaryButton}
          >
            Upload and use as cover
          </button>
        </div>
      </div>
    </details>
  );
}
