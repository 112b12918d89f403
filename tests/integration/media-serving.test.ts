import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, deleteMedia, type MediaItem } from "~/models/media.server";
import { MEDIA_CACHE_CONTROL, serveMedia } from "~/server/http/media-edge.server";
import type { PolicyInputs } from "~/server/http/security-headers.server";
import { processUpload } from "~/server/media/image-intake.server";
import { rawGet, rawRequest, type RawResponse } from "../helpers/raw-http";

/**
 * The media edge as an attacker sees it: one answer is kept in memory and sent to everyone who asks for
 * the same address, so nothing but the path and Accept may change it — not Host, cookies, HEAD, or the
 * order in which differently-accepting clients ask.
 */

const actor = { userId: null, email: "ops@kestrelinsight.example" };
const policy = (): PolicyInputs => ({ secure: false, formActionOrigins: [], analytics: false, connectSources: [] });
const AVIF_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

let server: http.Server;
let port: number;
let photo: MediaItem;
let logo: MediaItem;

async function upload(bytes: Buffer, alt: string): Promise<MediaItem> {
  const processed = await processUpload(bytes);
  if (!processed.ok) throw new Error(processed.problem.message);
  return (await createMedia(processed.image, { alt, fileName: "test" }, actor)).record;
}

/** What a cache would store: status, the headers that describe the body, and the body. */
function shapeOf(answer: RawResponse) {
  const { "content-type": type, "content-length": length, etag, vary, "cache-control": cache } = answer.headers;
  return { status: answer.status, type, length, etag, vary, cache, body: answer.body };
}

beforeAll(async () => {
  photo = await upload(
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1d4ed8" } }).jpeg().toBuffer(),
    "A blue field",
  );
  logo = await upload(
    await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 4, g: 117, b: 94, alpha: 0.5 } } }).png().toBuffer(),
    "A translucent square",
  );
  server = http.createServer((req, res) => {
    if (!serveMedia(req, res, policy)) {
      res.writeHead(418);
      res.end("not media");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe("media library images at their addresses", () => {
  it("sends the best format the browser names, immutable, with its ETag and the security headers", async () => {
    const path = `/media/${photo.hash}/960`;
    const avif = await rawGet(port, path, { Accept: AVIF_ACCEPT });
    expect(avif.status).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect(avif.headers["cache-control"]).toBe(MEDIA_CACHE_CONTROL);
    expect(avif.headers.vary).toBe("Accept");
    expect(avif.headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(avif.headers["x-content-type-options"]).toBe("nosniff");
    expect(avif.headers["content-security-policy"]).toContain("default-src");
    expect(avif.setCookies).toEqual([]);

    expect((await rawGet(port, path, { Accept: "image/webp,*/*" })).headers["content-type"]).toBe("image/webp");
    // "*/*" is what browsers without AVIF or WebP send: it promises neither.
    expect((await rawGet(port, path, { Accept: "*/*" })).headers["content-type"]).toBe("image/jpeg");
    expect((await rawGet(port, path)).headers["content-type"]).toBe("image/jpeg");
    expect((await rawGet(port, path, { Accept: "image/avif;q=0, image/webp;q=0" })).headers["content-type"]).toBe("image/jpeg");
    // A transparent image falls back to PNG, not JPEG.
    expect((await rawGet(port, `/media/${logo.hash}/300`, { Accept: "*/*" })).headers["content-type"]).toBe("image/png");
  });

  it("gives a fixed-format address that format whatever the Accept, without Vary", async () => {
    for (const [extension, type] of [["avif", "image/avif"], ["webp", "image/webp"], ["jpg", "image/jpeg"]] as const) {
      const answer = await rawGet(port, `/media/${photo.hash}/480.${extension}`, { Accept: "text/html" });
      expect(answer.status, extension).toBe(200);
      expect(answer.headers["content-type"]).toBe(type);
      expect(answer.headers.vary).toBeUndefined();
    }
    expect((await rawGet(port, `/media/${photo.hash}/480.png`)).status).toBe(404);
    expect((await rawGet(port, `/media/${logo.hash}/300.png`)).headers["content-type"]).toBe("image/png");
  });

  it("answers only from the path and Accept: Host, forwarded headers and cookies change nothing", async () => {
    const path = `/media/${photo.hash}/1200`;
    const plain = shapeOf(await rawGet(port, path, { Accept: AVIF_ACCEPT }));
    const variants: Record<string, string>[] = [
      { Host: "evil.example", Accept: AVIF_ACCEPT },
      { Host: "localhost", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", Accept: AVIF_ACCEPT },
      { Accept: AVIF_ACCEPT, Cookie: "__session=forged; other = value" },
      { Accept: AVIF_ACCEPT, Authorization: "Bearer nothing", "Accept-Encoding": "gzip, br" },
    ];
    for (const headers of variants) expect(shapeOf(await rawGet(port, path, headers)), JSON.stringify(headers)).toEqual(plain);
  });

  it("never hands one client's format to another, whatever order they ask in", async () => {
    const path = `/media/${photo.hash}/480`;
    const order = [AVIF_ACCEPT, "*/*", "image/webp", AVIF_ACCEPT, "*/*", "image/webp"];
    const types = [];
    for (const accept of order) types.push((await rawGet(port, path, { Accept: accept })).headers["content-type"]);
    expect(types).toEqual(["image/avif", "image/jpeg", "image/webp", "image/avif", "image/jpeg", "image/webp"]);
  });

  it("answers HEAD with GET's headers and no body", async () => {
    const path = `/media/${photo.hash}/960`;
    const get = await rawGet(port, path, { Accept: "image/webp" });
    const head = await rawGet(port, path, { Accept: "image/webp" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.rawBodyLength).toBe(0);
    for (const name of ["content-type", "content-length", "etag", "cache-control", "vary"]) expect(head.headers[name], name).toBe(get.headers[name]);
    expect(Number(get.headers["content-length"])).toBe(get.rawBodyLength);
  });

  it("revalidates with 304 only for the ETag of the format it would send", async () => {
    const path = `/media/${photo.hash}/960`;
    const webp = await rawGet(port, path, { Accept: "image/webp" });
    const again = await rawGet(port, path, { Accept: "image/webp", "If-None-Match": webp.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.rawBodyLength).toBe(0);
    expect(again.headers.etag).toBe(webp.headers.etag);
    // The same validator from a browser that now takes AVIF is another representation: the whole image.
    const avif = await rawGet(port, path, { Accept: AVIF_ACCEPT, "If-None-Match": webp.headers.etag! });
    expect(avif.status).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
  });

  it("refuses other methods and answers 404 for any address that is not exactly an image's", async () => {
    const post = await rawRequest(port, [`POST /media/${photo.hash}/960 HTTP/1.1`, "Host: localhost", "Content-Length: 0", "Connection: close"]);
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    const missing = [
      `/media/${photo.hash}/961`,
      `/media/${photo.hash}/0960`,
      `/media/${photo.hash}/960/`,
      `/media/${photo.hash}/960.jpeg`,
      `/media/${photo.hash.toUpperCase()}/960`,
      `/media/${"0".repeat(32)}/960`,
      `/media/${photo.hash}`,
      "/media/",
    ];
    for (const path of missing) {
      const answer = await rawGet(port, path, { Accept: AVIF_ACCEPT });
      expect(answer.status, path).toBe(404);
      expect(answer.headers["cache-control"], path).toBe("no-store");
    }
    expect((await rawGet(port, "/mediax/anything")).status).toBe(418);
  });

  it("stops serving a deleted image at once", async () => {
    const doomed = await upload(await sharp({ create: { width: 500, height: 500, channels: 3, background: "#b91c1c" } }).jpeg().toBuffer(), "Red");
    const path = `/media/${doomed.hash}/480`;
    expect((await rawGet(port, path)).status).toBe(200);
    expect((await deleteMedia(doomed.id, actor)).ok).toBe(true);
    expect((await rawGet(port, path)).status).toBe(404);
  });
});
