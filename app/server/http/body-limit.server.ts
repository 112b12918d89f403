import type { IncomingMessage, ServerResponse } from "node:http";

export const BODY_LIMIT_BYTES = 64 * 1024;

/** Forms that carry a file take more: a CSV of a few thousand redirect rules. */
const LARGER_LIMITS: ReadonlyMap<string, number> = new Map([["/admin/redirects/import", 1024 * 1024]]);

/**
 * The publishing editors and their API carry long Markdown (a post or a policy, up to 100,000 characters,
 * which URL-encoding can make several times longer).
 */
const LONG_TEXT_LIMIT = 1024 * 1024;
const LONG_TEXT_PATHS = /^\/(admin\/(news|careers|legal)|api\/admin\/(posts|roles|legal-documents|markdown))(\/|$)/;

/**
 * The media library's uploads: an image of up to 10 MB (MEDIA_MAX_BYTES) and the few form fields around
 * it. Only these two addresses take a body that large.
 */
export const MEDIA_UPLOAD_LIMIT = 10 * 1024 * 1024 + 16 * 1024;
/** The library screen's upload form: past the limit, its body is read on (see readOversizedUpload). */
export const MEDIA_UPLOAD_FORM_PATH = "/admin/media";
const MEDIA_UPLOAD_PATHS = new Set([MEDIA_UPLOAD_FORM_PATH, "/api/admin/media"]);

/** The post editors, whose cover picker uploads an image with the post's text (see cover-upload.server.ts). */
const POST_EDITOR_PATHS = /^\/admin\/news\/(new|[1-9]\d{0,9}\/edit)$/;

/** The body limit of a path: BODY_LIMIT_BYTES unless it is a file upload or a long-text editor. */
export function bodyLimitFor(pathname: string, fallback = BODY_LIMIT_BYTES): number {
  if (MEDIA_UPLOAD_PATHS.has(pathname)) return MEDIA_UPLOAD_LIMIT;
  if (POST_EDITOR_PATHS.test(pathname)) return MEDIA_UPLOAD_LIMIT + LONG_TEXT_LIMIT;
  return LARGER_LIMITS.get(pathname) ?? (LONG_TEXT_PATHS.test(pathname) ? LONG_TEXT_LIMIT : fallback);
}

export type BodyResult =
  | { ok: true; body: Buffer; /** Set when the body was rewritten (an oversized upload's form): its new type. */ contentType?: string }
  /**
   * `rest`: what became of the body past the limit: read to its end, not read yet (the answer lingers:
   * lingerAfterAnswer), or read up to the linger bounds and no further (the connection is cut).
   */
  | { ok: false; reason: "too_large"; rest: "read" | "unread" | "past_bounds" }
  | { ok: false; reason: "aborted" | "timeout" };

/** A body that pauses for longer than this is given up: slow-body attacks hold no connection for long. */
export const BODY_IDLE_MS = 10_000;

/**
 * Past its limit a body is still read, and thrown away, for up to this many more bytes and this long (a
 * lingering close, as nginx does): a client still sending then reads the 413 instead of a reset (EPIPE).
 * A client that sends more, or for longer, is cut off.
 */
export const LINGER_BYTES = 32 * 1024 * 1024;
export const LINGER_MS = 30_000;

/**
 * What reads the rest of a body that passed its limit, when something better than a bare 413 can be said
 * after reading it all (an oversized upload's form): given what was received, it is handed each further
 * chunk (up to the linger bounds), then asked for the result at the end; `abort` when the body stops.
 */
export interface OverLimitReader {
  push(chunk: Buffer): void;
  end(): Promise<BodyResult>;
  abort(): void;
}

export interface BodyOptions {
  idleMs?: number;
  lingerBytes?: number;
  lingerMs?: number;
  overLimit?: (received: Buffer[]) => OverLimitReader;
}

/**
 * Reads a request body into memory, up to `limit` bytes; an oversized body is never kept whole. A body
 * that declares or reaches more is "too_large" at once (a declared one before a byte is read), for the
 * answer to be sent while the rest is read and discarded (lingerAfterAnswer); with `overLimit`, the rest
 * is handed to it instead, up to the linger bounds, and its result is the answer. A body that sends
 * nothing for `idleMs` is given up ("timeout").
 */
export function readLimitedBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES, options: BodyOptions = {}): Promise<BodyResult> {
  const { idleMs = BODY_IDLE_MS, lingerBytes = LINGER_BYTES, lingerMs = LINGER_MS } = options;
  const declared = Number(req.headers["content-length"]);
  const readsOverLimit = options.overLimit !== undefined;
  if (Number.isFinite(declared) && declared > (readsOverLimit ? limit + lingerBytes : limit)) {
    return Promise.resolve({ ok: false, reason: "too_large", rest: "unread" });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    let lingering: NodeJS.Timeout | undefined;
    let overflow: OverLimitReader | null = null;
    const armIdleTimer = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        req.pause();
        overflow?.abort();
        finish({ ok: false, reason: "timeout" });
      }, idleMs);
      idle.unref();
    };
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearTimeout(lingering);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onAborted);
      resolve(result);
    };
    const stop = (rest: "unread" | "past_bounds") => {
      req.pause();
      overflow?.abort();
      finish({ ok: false, reason: "too_large", rest });
    };
    const onData = (chunk: Buffer) => {
      armIdleTimer();
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      if (!options.overLimit) return stop("unread");
      if (size > limit + lingerBytes) return stop("past_bounds");
      if (!lingering) {
        lingering = setTimeout(() => stop("past_bounds"), lingerMs);
        lingering.unref();
        overflow = options.overLimit(chunks.splice(0));
      }
      overflow?.push(chunk);
    };
    const onEnd = () => {
      if (!lingering) return finish({ ok: true, body: Buffer.concat(chunks, size) });
      clearTimeout(idle);
      void overflow!.end().then(finish, () => finish({ ok: false, reason: "too_large", rest: "read" }));
    };
    const onError = () => {
      overflow?.abort();
      finish({ ok: false, reason: "aborted" });
    };
    const onAborted = onError;
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onAborted);
    armIdleTimer();
  });
}

/**
 * A lingering close for an answer sent before its body was read (a 413): the answer is written and sent at
 * once, but ended, and the connection with it, only once the rest of the body has been read and thrown
 * away; past LINGER_BYTES or LINGER_MS the connection is cut. Call it just before sending the answer.
 */
export function lingerAfterAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  { lingerBytes = LINGER_BYTES, lingerMs = LINGER_MS }: { lingerBytes?: number; lingerMs?: number } = {},
): void {
  if (req.complete) return;
  const end = res.end.bind(res) as (callback?: () => void) => ServerResponse;
  let endCallback: (() => void) | undefined;
  let answered = false;
  let released = false;
  let read = 0;
  const release = (cut: boolean) => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onCut);
    res.end = end as ServerResponse["end"];
    if (cut) closeWithoutReset(req);
    if (answered || cut) end(endCallback);
  };
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > lingerBytes) release(true);
  };
  const onEnd = () => (answered ? release(false) : undefined);
  const onCut = () => release(true);
  const timer = setTimeout(onCut, lingerMs);
  timer.unref();
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (typeof chunk === "function") [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
    if (chunk !== undefined && chunk !== null) res.write(chunk as Buffer, encoding as BufferEncoding);
    // The compression middleware holds what it has compressed until told to send it.
    (res as unknown as { flush?: () => void }).flush?.();
    endCallback = callback as (() => void) | undefined;
    answered = true;
    if (req.complete) release(false);
    return res;
  }) as ServerResponse["end"];
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("error", onCut);
  req.resume();
}

/** How long, and for how many more bytes, a connection being cut is still read after its answer. */
export const CLOSE_GRACE_MS = 2_000;
export const CLOSE_GRACE_BYTES = 8 * 1024 * 1024;

/**
 * Ends a connection whose request body will not be read to its end, so that the client still reads the
 * answer. Closing a socket with unread bytes in the kernel sends a reset, and a reset makes the client's
 * system drop what it received but had not read yet: the answer. Node ends a `Connection: close` answer
 * that way (destroySoon: FIN, then close). Here the FIN goes out after the answer and what still arrives is
 * read and thrown away until the client closes its side, or the grace bounds pass.
 */
export function closeWithoutReset(req: IncomingMessage): void {
  const socket = req.socket;
  if (!socket || socket.destroyed) return;
  socket.destroySoon = function halfClose(this: typeof socket) {
    if (this.writable) this.end();
  };
  let read = 0;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, CLOSE_GRACE_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > CLOSE_GRACE_BYTES) cut();
  });
  req.resume();
}
