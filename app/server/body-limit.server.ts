import type { IncomingMessage } from "node:http";

export const BODY_LIMIT_BYTES = 64 * 1024;

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: "too_large" | "aborted" };

/**
 * Reads a request body into memory, up to `limit` bytes. A declared Content-Length over the limit is
 * refused before a byte is read; a chunked body is refused as soon as it passes the limit, so an
 * oversized upload is never read whole.
 */
export function readLimitedBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: "too_large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onAborted);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish({ ok: false, reason: "too_large" });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, size) });
    const onError = () => finish({ ok: false, reason: "aborted" });
    const onAborted = () => finish({ ok: false, reason: "aborted" });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onAborted);
  });
}
