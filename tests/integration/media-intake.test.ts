import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_UPLOAD_LIMIT } from "~/server/http/body-limit.server";
import type { mediaRecord } from "~/server/api/media-resources.server";
import type { CookieJar } from "../helpers/cookie-jar";
import { signInOverHttp } from "../helpers/http-sign-in";
import { rawGet, rawRequest, sendChunked } from "../helpers/raw-http";
import { startServer, type RunningServer } from "../helpers/server-process";

/**
 * Uploads through the production server, as an operator's client sends them: the edge's body limits,
 * what leaves the server of a photo's metadata (nothing), and how every variant is served.
 */

type MediaJson = ReturnType<typeof mediaRecord.parse>;

const AVIF_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const MB = 1024 * 1024;

let server: RunningServer;
let jar: CookieJar;
/** The site's PUBLIC_URL origin: what the API's write check expects. */
let site: string;

beforeAll(async () => {
  server = await startServer();
  site = `http://localhost:${server.port}`;
  jar = await signInOverHttp(site);
});
afterAll(async () => {
  await server?.stop();
});

function form(file: Buffer, alt: string, name: string, type: string): FormData {
  const data = new FormData();
  data.append("file", new Blob([new Uint8Array(file)], { type }), name);
  data.append("alt", alt);
  return data;
}

async function upload(
  file: Buffer,
  alt: string,
  name = "photo.jpg",
  type = "image/jpeg",
): Promise<MediaJson> {
  const response = await jar.fetch(`${site}/api/admin/media`, {
    method: "POST",
    headers: { Origin: site },
    body: form(file, alt, name, type),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as MediaJson;
}

/** An image address as a browser (or a crawler) asks for it: no cookie. */
async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site}${url}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("the body limits at the edge", () => {
  const multipart = "multipart/form-data; boundary=kestrel";
  /** An upload that declares its length; the answer comes before any of the body is sent. */
  const declaredUpload = (length: number, headers: Record<string, string> = {}) =>
    rawRequest(server.port, [
      "POST /api/admin/media HTTP/1.1",
      `Host: localhost:${server.port}`,
      `Content-Type: ${multipart}`,
      `Content-Length: ${length}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ]);

  it("refuses an operator's 11 MB upload with 413 before the body has been sent", async () => {
    const chunked = await sendChunked(server.port, {
      method: "POST",
      path: "/api/admin/media",
      headers: { "content-type": multipart, cookie: jar.header(site), origin: site },
      total: 11 * MB,
    });
    expect(chunked.status).toBe(413);
    expect(chunked.sentWhenAnswered).toBeLessThan(11 * MB);

    const declared = await declaredUpload(11 * MB, { Cookie: jar.header(site), Origin: site });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({
      message: `Request body too large: the limit is ${MEDIA_UPLOAD_LIMIT / 1024} KB`,
    });
  });

  it("holds anyone signed out to 64 KB", async () => {
    const chunked = await sendChunked(server.port, {
      method: "POST",
      path: "/api/admin/media",
      headers: { "content-type": multipart },
      total: 10 * MB,
    });
    expect(chunked.status).toBe(413);
    expect(chunked.sentWhenAnswered).toBeLessThan(MB);

    const declared = await declaredUpload(10 * MB);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ message: "Request body too large: the limit is 64 KB" });
  });

  it("lets an operator's file just over 10 MB through to the intake, which refuses it", async () => {
    const response = await jar.fetch(`${site}/api/admin/media`, {
      method: "POST",
      headers: { Origin: site },
      body: form(Buffer.alloc(10 * MB + 1, 0xff), "Too big", "big.jpg", "image/jpeg"),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      message: "This file is too large: the limit is 10 MB.",
      errors: { file: ["This file is too large: the limit is 10 MB."] },
    });
  });
});

describe("a photo's metadata", () => {
  const secrets = {
    copyright: "Copyright Ada Lovelace Private 2026",
    make: "KestrelOptics",
    model: "Falcon X9000",
    serial: "SN-0042-1337-KESTREL",
    xmp: "kestrel-private-xmp-note",
    gpsDatum: "KESTREL-DATUM-84",
  };

  it("never leaves the server: EXIF, GPS and XMP are stripped from every variant, and the orientation applied", async () => {
    // 1500 wide and 1000 high as stored, shown rotated a quarter turn (orientation 6): 1000 wide, 1500 high.
    const original = await sharp({
      create: { width: 1500, height: 1000, channels: 3, background: "#0f766e" },
    })
      .withExif({
        IFD0: {
          Copyright: secrets.copyright,
          Make: secrets.make,
          Model: secrets.model,
          Artist: "Ada Lovelace",
        },
        IFD2: { BodySerialNumber: secrets.serial },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 2628/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 3996/100",
          GPSMapDatum: secrets.gpsDatum,
        },
      })
      .withXmp(
        `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>${secrets.xmp}</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>`,
      )
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    // The test image does carry all of it.
    const written = await sharp(original).metadata();
    expect(written).toMatchObject({ width: 1500, height: 1000, orientation: 6 });
    expect(written.exif).toBeDefined();
    expect(written.xmp).toBeDefined();
    for (const secret of Object.values(secrets)) expect(original.includes(secret), secret).toBe(true);

    const item = await upload(original, "A teal field", "IMG_0042.jpg");
    expect(item).toMatchObject({ width: 1000, height: 1500 });
    expect([...new Set(item.variants.map((variant) => variant.width))].sort((a, b) => a - b)).toEqual([
      480, 960, 1000,
    ]);

    const addresses = [
      ...item.variants.map((variant) => ({ url: variant.url, accept: "*/*", variant })),
      ...[...new Set(item.variants.map((variant) => variant.width))].flatMap((width) =>
        [AVIF_ACCEPT, "image/webp,*/*", "*/*"].map((accept) => ({
          url: item.url.replace(/\/\d+$/, `/${width}`),
          accept,
          variant: item.variants.find((variant) => variant.width === width)!,
        })),
      ),
    ];
    expect(addresses).toHaveLength(9 + 9);
    for (const { url, accept, variant } of addresses) {
      const { response, bytes } = await fetchImage(url, { Accept: accept });
      expect(response.status, url).toBe(200);
      const served = await sharp(bytes).metadata();
      expect(served.exif, `${url} (${accept}) EXIF`).toBeUndefined();
      expect(served.xmp, `${url} (${accept}) XMP`).toBeUndefined();
      expect(served.orientation ?? 1, url).toBe(1);
      expect([served.width, served.height], url).toEqual([variant.width, variant.height]);
      expect(served.height! > served.width!, `${url} is upright`).toBe(true);
      const text = bytes.toString("latin1");
      for (const secret of [
        ...Object.values(secrets),
        "Ada Lovelace",
        "Exif\u0000\u0000",
        "http://ns.adobe.com/xap/1.0/",
      ]) {
        expect(text.includes(secret), `${url} (${accept}) holds "${secret}"`).toBe(false);
      }
    }
  });
});

describe("variants and content negotiation", () => {
  let photo: MediaJson;
  let mark: MediaJson;

  beforeAll(async () => {
    photo = await upload(
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1e3a8a" } })
        .jpeg()
        .toBuffer(),
      "A navy field",
    );
    mark = await upload(
      await sharp({
        create: { width: 300, height: 300, channels: 4, background: { r: 4, g: 117, b: 94, alpha: 0.5 } },
      })
        .png()
        .toBuffer(),
      "A translucent square",
      "mark.png",
      "image/png",
    );
  });

  it("stores 480, 960 and 1600 wide, never wider than the original", () => {
    const widths = (item: MediaJson) =>
      [...new Set(item.variants.map((variant) => variant.width))].sort((a, b) => a - b);
    expect(widths(photo)).toEqual([480, 960, 1200]);
    expect(widths(mark)).toEqual([300]);
    expect(photo.url).toMatch(/^\/media\/[0-9a-f]{32}\/1200$/);
  });

  it("serves each variant's own address in its format, at its size, cached for a year", async () => {
    const types = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };
    const sharpFormat = { avif: "heif", webp: "webp", jpeg: "jpeg", png: "png" };
    for (const variant of [...photo.variants, ...mark.variants]) {
      // Whatever the browser says it takes: the extension decides.
      const { response, bytes } = await fetchImage(variant.url, { Accept: AVIF_ACCEPT });
      expect(response.status, variant.url).toBe(200);
      expect(response.headers.get("content-type"), variant.url).toBe(types[variant.format]);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("vary") ?? "").not.toContain("Accept");
      expect(Number(response.headers.get("content-length"))).toBe(variant.byteSize);
      const served = await sharp(bytes).metadata();
      expect([served.format, served.width, served.height], variant.url).toEqual([
        sharpFormat[variant.format],
        variant.width,
        variant.height,
      ]);
    }
  });

  it("answers the bare address with the best format the browser accepts, and says it varies by Accept", async () => {
    for (const [item, accept, type] of [
      [photo, AVIF_ACCEPT, "image/avif"],
      [photo, "image/webp,*/*", "image/webp"],
      [photo, "*/*", "image/jpeg"],
      [photo, "image/avif;q=0,image/webp,*/*", "image/webp"],
      [mark, AVIF_ACCEPT, "image/avif"],
      [mark, "*/*", "image/png"],
    ] as const) {
      const { response, bytes } = await fetchImage(item.url, { Accept: accept });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type"), `${item.alt} for ${accept}`).toBe(type);
      expect(response.headers.get("vary")).toMatch(/\bAccept\b/);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await sharp(bytes).metadata()).width).toBe(item.width);
    }
    // No Accept at all: the fallback every browser reads.
    const bare = await rawGet(server.port, photo.url);
    expect(bare.headers["content-type"]).toBe("image/jpeg");
  });

  it("answers a repeated request with 304 from its ETag", async () => {
    for (const [url, accept] of [
      [photo.url, AVIF_ACCEPT],
      [photo.url, "*/*"],
      [photo.variants[0]!.url, "*/*"],
    ] as const) {
      const first = await fetch(`${site}${url}`, { headers: { Accept: accept } });
      const etag = first.headers.get("etag");
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await fetch(`${site}${url}`, { headers: { Accept: accept, "If-None-Match": etag! } });
      expect(again.status, url).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const stale = await fetch(`${site}${url}`, {
        headers: { Accept: accept, "If-None-Match": '"something-else"' },
      });
      expect(stale.status).toBe(200);
    }
    // Two formats of one address are two different entities.
    const avif = await fetch(`${site}${photo.url}`, { headers: { Accept: AVIF_ACCEPT } });
    const jpeg = await fetch(`${site}${photo.url}`, { headers: { Accept: "*/*" } });
    expect(avif.headers.get("etag")).not.toBe(jpeg.headers.get("etag"));
  });
});
