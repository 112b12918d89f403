import type { Actor } from "~/models/actor";
import { createMedia, type MediaItem } from "~/models/media.server";
import { processUpload, type IntakeProblem } from "./image-intake.server";

export type UploadResult =
  | { ok: true; record: MediaItem; created: boolean }
  | ({ ok: false; field: "file" } & IntakeProblem);

/** The name an operator gave the file, for the library's list only: no folders, no control characters. */
export function displayFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
}

/**
 * An uploaded file into the library: checked and encoded by the intake (refused with its status and
 * message: 400, 413 or 415), then stored with its variants. The same form's action and the API share it.
 */
export async function uploadImage(file: File, alt: string, actor: Actor): Promise<UploadResult> {
  const processed = await processUpload(Buffer.from(await file.arrayBuffer()));
  if (!processed.ok) return { ok: false, field: "file", ...processed.problem };
  const { record, created } = await createMedia(processed.image, { alt, fileName: displayFileName(file.name) }, actor);
  return { ok: true, record, created };
}
