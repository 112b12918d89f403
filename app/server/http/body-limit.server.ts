import type { IncomingMessage } from "node:http";

export const BODY_LIMIT_BYTES = 64 * 1024;

/** Forms that carry a file take more: a CSV of a few thousand redirect rules. */
const LARGER_LIMITS: ReadonlyMap<string, number> = new Map([["/admin/redirects/import", 1024 * 1024]]);

/**
 * The publishing editors and their API carry long Markdown (a post or a policy, up to 100,000 characters,
 * which URL-encoding can make several times longer).
 */
const LONG_TEXT_LIMIT = 1024 * 1024;
const LONG_TEXT_PATHS = /^\/(admin\/(news|careers|legal)|api\/admin\/(posts|roles|legal-documents))(\/|$)/;

/**
 * The media library's uploads: an image of up to 10 MB (MEDIA_MAX_BYTES) and the few form fields around
 * it. Only these two addresses take a body that large.
 */
export const MEDIA_UPLOAD_LIMIT = 10 * 1024 * 1024 + 16 * 1024;
const MEDIA_UPLOAD_PATHS = new Set(["/admin/media", "/api/admin/media"]);

/** The body limit of a path: BODY_LIMIT_BYTES unless it is a file upload or a long-text editor. */
export function bodyLimitFor(pathname: string, fallback = BODY_LIMIT_BYTES): number {
  if (MEDIA_UPLOAD_PATHS.has(pathname)) return MEDIA_UPLOAD_LIMIT;
  return LARGER_LIMITS.get(pathname) ?? (LONG_TEXT_PATHS.test(pathname) ? LONG_TEXT_LIMIT : fallback);
}

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: "too_large" | "aborted" | "timeout" };

/** A body that pauses for longer than this is given up: slow-body attacks hold no connection for long. */
export const BODY_IDLE_MS = 10_000;

/**
 * Reads a request body into memory, up to `limit` bytes. A declared Content-Length over the limit is
 * refused before a byte is read; a chunked body is refused as soon as it passes the limit, so an
 * oversized upload is never read whole. A body that sends nothing for `idleMs` is given up ("timeout").
 */
export function readLimitedBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES, idleMs = BODY_IDLE_MS): Promise<BodyResult> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: "too_large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    const armIdleTimer = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        req.pause();
        finish({ ok: false, reason: "timeout" });
      }, idleMs);
      idle.unref();
    };
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onAborted);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      armIdleTimer();
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
    armIdleTimer();
  });
}
