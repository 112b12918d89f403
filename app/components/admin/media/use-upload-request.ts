import { useCallback, useEffect, useRef, useState } from "react";

/**
 * An upload sent with XMLHttpRequest, the one browser API that reports how much of a request body has been
 * sent (fetch does not), so the library's form can show real progress. It posts the form's own fields to
 * the JSON API, which answers as the form's action does.
 */

export type UploadPhase =
  | { state: "idle" }
  | { state: "sending"; fileName: string; loaded: number; total: number }
  /** Every byte is sent: the server is checking and encoding the image. */
  | { state: "processing"; fileName: string };

export type UploadAnswer =
  | { kind: "stored"; created: boolean }
  | { kind: "refused"; status: number; message: string; errors: { file?: string[]; alt?: string[] } }
  | { kind: "cancelled" };

export const UPLOAD_REQUEST_MESSAGES = {
  network: "The upload did not reach the server. Check your connection and try again.",
  signedOut: "Your session has ended. Sign in again, then upload the image.",
  failed: "The upload failed. Please try again.",
} as const;

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === "string") && value.length ? value : undefined;
}

/** The API's answer, in the form's terms: stored (201 new, 200 already there), or refused with its messages. */
export function uploadAnswerOf(status: number, text: string): UploadAnswer {
  if (status === 200 || status === 201) return { kind: "stored", created: status === 201 };
  let body: { message?: unknown; errors?: Record<string, unknown> } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not the API's JSON (a proxy's page): the generic message below.
  }
  if (status === 401) return { kind: "refused", status, message: UPLOAD_REQUEST_MESSAGES.signedOut, errors: {} };
  const message = typeof body.message === "string" && body.message ? body.message : UPLOAD_REQUEST_MESSAGES.failed;
  const errors = { file: stringList(body.errors?.file), alt: stringList(body.errors?.alt) };
  return { kind: "refused", status, message, errors };
}

export function useUploadRequest(url: string) {
  const [phase, setPhase] = useState<UploadPhase>({ state: "idle" });
  const current = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const send = useCallback(
    (formData: FormData, file: File) =>
      new Promise<UploadAnswer>((resolve) => {
        const xhr = new XMLHttpRequest();
        current.current = xhr;
        const settle = (answer: UploadAnswer) => {
          current.current = null;
          setPhase({ state: "idle" });
          resolve(answer);
        };
        xhr.open("POST", url);
        xhr.setRequestHeader("Accept", "application/json");
        xhr.upload.onprogress = (event) => {
          setPhase({ state: "sending", fileName: file.name, loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
        };
        xhr.upload.onload = () => setPhase({ state: "processing", fileName: file.name });
        xhr.onload = () => settle(uploadAnswerOf(xhr.status, xhr.responseText));
        xhr.onerror = () => settle({ kind: "refused", status: 0, message: UPLOAD_REQUEST_MESSAGES.network, errors: {} });
        xhr.onabort = () => settle({ kind: "cancelled" });
        setPhase({ state: "sending", fileName: file.name, loaded: 0, total: file.size });
        xhr.send(formData);
      }),
    [url],
  );

  const cancel = useCallback(() => current.current?.abort(), []);
  return { phase, send, cancel };
}
