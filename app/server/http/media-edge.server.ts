import type { IncomingMessage, ServerResponse } from "node:http";
import { onContentChange } from "~/models/content-cache.server";
import { variantBytes, variantChoices, type MediaFormat } from "~/models/media.server";
import { MEDIA_PATH } from "~/utils/media";
import { RETRY_AFTER_SECONDS, sendBareError } from "./error-response.server";
import { newNonce, securityHeaderList, type PolicyInputs } from "./security-headers.server";

/**
 * Media library images, answered before Express like cached pages. An address names the upload's hash and
 * a width, so what it shows never changes: it is cached for a year as immutable. The bare address picks
 * the best format the Accept header lists by name (AVIF, then WebP; `*\/*` is no promise of either), else
 * the image's JPEG or PNG, and says so with `Vary: Accept`; an address with an extension is that format
 * whatever the Accept. Nothing else of the request (cookies, Host, other headers) changes the answer, so
 * the bytes kept here are the same for every visitor.
 */

export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

const EXTENSION_FORMAT: Record<string, MediaFormat> = { avif: "avif", webp: "webp", jpg: "jpeg", png: "png" };
const CONTENT_TYPE: Record<MediaFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };

type Choice = Awaited<ReturnType<typeof variantChoices>>[number];

/** A small least-recently-used map with a budget (entries or bytes). */
class Lru<V> {
  private readonly entries = new Map<string, { value: V; cost: number }>();
  private total = 0;
  constructor(
    private readonly budget: number,
    private readonly costOf: (value: V) => number,
  ) {}
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }
  set(key: string, value: V): void {
    const cost = this.costOf(value);
    if (cost > this.budget) return;
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.cost;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, cost });
    this.total += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.budget) break;
      this.entries.delete(oldest);
      this.total -= entry.cost;
    }
  }
  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/** Which encodings exist at each address (an empty list: no such image), and the bytes most asked for. */
const choicesCache = new Lru<Choice[]>(5_000, () => 1);
const bytesCache = new Lru<Buffer>(48 * 1024 * 1024, (bytes) => bytes.length);
// A deleted image must stop being served: any content change empties both (they refill from one query).
onContentChange(() => {
  choicesCache.clear();
  bytesCache.clear();
});

/** Whether the Accept header names this type with a quality above zero. */
export function acceptsType(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  for (const part of accept.split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (name?.trim().toLowerCase() !== type) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The encoding to send: the asked-for one, else AVIF, WebP or the fallback as the browser accepts. */
export function chooseVariant(choices: Choice[], accept: string | undefined, fixed?: MediaFormat): Choice | undefined {
  if (fixed) return choices.find((choice) => choice.format === fixed);
  for (const format of ["avif", "webp"] as const) {
    const choice = choices.find((candidate) => candidate.format === format);
    if (choice && acceptsType(accept, CONTENT_TYPE[format])) return choice;
  }
  return choices.find((choice) => choice.fallback);
}

async function choicesFor(hash: string, width: number): Promise<Choice[]> {
  const key = `${hash}/${width}`;
  const hit = choicesCache.get(key);
  if (hit) return hit;
  const choices = await variantChoices(hash, width);
  choicesCache.set(key, choices);
  return choices;
}

async function bytesFor(hash: string, width: number, choice: Choice): Promise<Buffer | null> {
  const key = `${hash}/${width}/${choice.format}`;
  const hit = bytesCache.get(key);
  if (hit) return hit;
  const bytes = await variantBytes(hash, width, choice.format);
  if (bytes) bytesCache.set(key, bytes);
  return bytes;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Answers a request for /media/…: the image, a 304, a 404 for an address with no image, 405 for a method
 * other than GET or HEAD, 503 when the database does not answer. Returns false for any other path.
 */
export function serveMedia(req: IncomingMessage, res: ServerResponse, policy: () => PolicyInputs): boolean {
  const url = req.url ?? "";
  if (!url.startsWith("/media/")) return false;
  const match = MEDIA_PATH.exec(url.split("?")[0]!);
  if (!match) {
    sendBareError(req, res, 404, "This image does not exist", policy());
    return true;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    sendBareError(req, res, 405, "Images can only be read", policy());
    return true;
  }
  const [, hash, widthText, extension] = match;
  const width = Number(widthText);
  const fixed = extension ? EXTENSION_FORMAT[extension] : undefined;
  void (async () => {
    try {
      const choice = chooseVariant(await choicesFor(hash!, width), req.headers.accept, fixed);
      const bytes = choice && (await bytesFor(hash!, width, choice));
      if (!choice || !bytes) return sendBareError(req, res, 404, "This image does not exist", policy());
      const headers: string[] = [];
      for (const [name, value] of securityHeaderList(newNonce(), policy())) headers.push(name, value);
      headers.push("Cache-Control", MEDIA_CACHE_CONTROL, "ETag", choice.etag, "Content-Type", CONTENT_TYPE[choice.format]);
      if (!fixed) headers.push("Vary", "Accept");
      if (etagMatches(req.headers["if-none-match"], choice.etag)) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      headers.push("Content-Length", String(bytes.length));
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : bytes);
    } catch {
      if (res.headersSent) return void res.destroy();
      res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
      sendBareError(req, res, 503, "The service is temporarily unavailable. Please try again shortly.", policy());
    }
  })();
  return true;
}
