import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia } from "~/models/media.server";
import * as library from "~/routes/api.admin.media";
import * as image from "~/routes/api.admin.media.$id";
import { MEDIA_FORM_MESSAGES } from "~/schemas/media";
import { API_MESSAGES } from "~/server/api/api.server";
import { MEDIA_API_MESSAGES } from "~/server/api/media-api.server";
import { mediaPage, mediaRecord } from "~/server/api/media-resources.server";
import { serveMedia } from "~/server/http/media-edge.server";
import { INTAKE_MESSAGES, processUpload } from "~/server/media/image-intake.server";
import { call, jsonOf, operatorCookie, type CallOptions } from "../helpers/api-client";
import { rawGet } from "../helpers/raw-http";
import * as collectionItemRoute from "~/routes/api.admin.$collection.$id";
import { withParams } from "../helpers/route-modules";
import * as collectionRoute from "~/routes/api.admin.$collection";

const adminPosts = withParams(collectionRoute, { collection: "posts" });

const adminPost = withParams(collectionItemRoute, { collection: "posts" });

/**
 * The media library's JSON API, called as Remix calls its routes: uploads (and every input the intake
 * refuses), the library page by page, one image, its alt text, and deleting it (refused while in use).
 */

type MediaJson = ReturnType<typeof mediaRecord.parse>;

let operator: string;
let shade = 0;

/** A JPEG whose bytes no other test image has (a numbered description), so the library never takes it for one it holds. */
async function photo(width: number, height: number): Promise<Buffer> {
  shade += 1;
  return sharp({
    create: { width, height, channels: 3, background: { r: (shade * 53) % 256, g: 90, b: 160 } },
  })
    .withExif({ IFD0: { ImageDescription: `Test image ${shade}` } })
    .jpeg()
    .toBuffer();
}

function uploadForm(fields: {
  file?: Buffer | string;
  alt?: string;
  name?: string;
  type?: string;
  extra?: Record<string, string>;
}): FormData {
  const form = new FormData();
  if (fields.file !== undefined) {
    const content = typeof fields.file === "string" ? fields.file : new Uint8Array(fields.file);
    form.append(
      "file",
      new Blob([content], { type: fields.type ?? "image/jpeg" }),
      fields.name ?? "photo.jpg",
    );
  }
  if (fields.alt !== undefined) form.append("alt", fields.alt);
  for (const [name, value] of Object.entries(fields.extra ?? {})) form.append(name, value);
  return form;
}

const asOperator = (options: CallOptions = {}): CallOptions => ({ ...options, cookie: operator });
const upload = (form: FormData, options: CallOptions = asOperator()) =>
  call(library, "/api/admin/media", { ...options, method: "POST", body: form });
const getImage = (id: number | string, options: CallOptions = asOperator()) =>
  call(image, `/api/admin/media/${id}`, { ...options, params: { id: String(id) } });
const putAlt = (id: number | string, json: unknown, options: CallOptions = asOperator()) =>
  call(image, `/api/admin/media/${id}`, { ...options, method: "PUT", params: { id: String(id) }, json });
const remove = (id: number | string, options: CallOptions = asOperator()) =>
  call(image, `/api/admin/media/${id}`, { ...options, method: "DELETE", params: { id: String(id) } });
const libraryPage = (search = "", options: CallOptions = asOperator()) =>
  call(library, "/api/admin/media", { ...options, search });

/** Every answer of this API, errors included, is for the operator alone. */
function expectPrivate(response: Response): void {
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
}

async function uploaded(bytes: Buffer, alt: string, name = "photo.jpg"): Promise<MediaJson> {
  const response = await upload(uploadForm({ file: bytes, alt, name }));
  expect(response.status, await response.clone().text()).toBe(201);
  return mediaRecord.parse(await jsonOf(response));
}

async function libraryTotal(): Promise<number> {
  return ((await (await libraryPage()).json()) as { total: number }).total;
}

beforeAll(async () => {
  operator = await operatorCookie();
});

describe("POST /api/admin/media", () => {
  it("takes an image with its alt text: 201 with its address, size, type and every variant", async () => {
    const bytes = await photo(1200, 800);
    const response = await upload(
      uploadForm({ file: bytes, alt: "The harbour at dawn", name: "C:\\Photos\\harbour.jpg" }),
    );
    expect(response.status).toBe(201);
    expectPrivate(response);
    const item = mediaRecord.parse(await jsonOf(response));
    expect(response.headers.get("Location")).toBe(`/api/admin/media/${item.id}`);

    const hash = /^\/media\/([0-9a-f]{32})\/1200$/.exec(item.url)?.[1];
    expect(hash, item.url).toBeDefined();
    expect(item).toMatchObject({
      width: 1200,
      height: 800,
      mimeType: "image/jpeg",
      alt: "The harbour at dawn",
      fileName: "harbour.jpg",
      byteSize: bytes.length,
      usedBy: [],
    });
    const extension = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" } as const;
    expect(
      item.variants.map(({ width, height, format, mimeType }) => [width, height, format, mimeType]).sort(),
    ).toEqual(
      [
        [480, 320, "avif", "image/avif"],
        [480, 320, "jpeg", "image/jpeg"],
        [480, 320, "webp", "image/webp"],
        [960, 640, "avif", "image/avif"],
        [960, 640, "jpeg", "image/jpeg"],
        [960, 640, "webp", "image/webp"],
        [1200, 800, "avif", "image/avif"],
        [1200, 800, "jpeg", "image/jpeg"],
        [1200, 800, "webp", "image/webp"],
      ].sort(),
    );
    for (const variant of item.variants) {
      expect(variant.url).toBe(`/media/${hash}/${variant.width}.${extension[variant.format]}`);
      expect(variant.byteSize).toBeGreaterThan(0);
    }

    const again = await getImage(item.id);
    expect(again.status).toBe(200);
    expectPrivate(again);
    expect(await again.json()).toEqual(item);
  });

  it("keeps a transparent image as PNG, never wider than it is", async () => {
    const bytes = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 4, g: 117, b: 94, alpha: 0.4 } },
    })
      .png()
      .toBuffer();
    const item = await uploaded(bytes, "The Kestrel mark", "mark.png");
    expect(item.mimeType).toBe("image/png");
    expect(item.url).toMatch(/\/300$/);
    expect(
      item.variants.map((variant) => `${variant.width}x${variant.height} ${variant.format}`).sort(),
    ).toEqual(["300x200 avif", "300x200 png", "300x200 webp"]);
  });

  it("answers the same file again with the image already there (200), unchanged, and stores nothing new", async () => {
    const bytes = await photo(640, 480);
    const first = await uploaded(bytes, "First description", "one.jpg");
    const total = await libraryTotal();

    const second = await upload(uploadForm({ file: bytes, alt: "Another description", name: "two.jpg" }));
    expect(second.status).toBe(200);
    expectPrivate(second);
    expect(await second.json()).toEqual(first);
    expect(await libraryTotal()).toBe(total);
  });

  describe("refuses what the library does not take, and stores nothing", () => {
    let before: number;
    beforeAll(async () => {
      before = await libraryTotal();
    });
    afterAll(async () => {
      expect(await libraryTotal()).toBe(before);
    });

    it("a missing or blank alt text, and a missing or empty file (400, per field)", async () => {
      const bytes = await photo(100, 100);
      const cases: [FormData, Record<string, string[]>][] = [
        [uploadForm({ file: bytes }), { alt: [MEDIA_FORM_MESSAGES.altRequired] }],
        [uploadForm({ file: bytes, alt: "   " }), { alt: [MEDIA_FORM_MESSAGES.altRequired] }],
        [uploadForm({ alt: "A photo" }), { file: [MEDIA_FORM_MESSAGES.fileRequired] }],
        [uploadForm({ file: Buffer.alloc(0), alt: "A photo" }), { file: [MEDIA_FORM_MESSAGES.fileRequired] }],
        [textFileForm(), { file: [MEDIA_FORM_MESSAGES.fileRequired] }],
        [
          uploadForm({ file: bytes, alt: "A photo", extra: { colour: "blue" } }),
          { colour: [API_MESSAGES.unknownField] },
        ],
      ];
      expect(MEDIA_FORM_MESSAGES.altRequired).toBe("Alt text is required");
      for (const [form, errors] of cases) {
        const response = await upload(form);
        expect(response.status, JSON.stringify(errors)).toBe(400);
        expectPrivate(response);
        expect(await response.json()).toEqual({ message: API_MESSAGES.validation, errors });
      }
    });

    it.each([
      [
        "an SVG",
        "logo.svg",
        "image/svg+xml",
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ],
      [
        "an HTML page named .png and declared image/png",
        "photo.png",
        "image/png",
        "<!doctype html><html><body><script>alert(1)</script></body></html>",
      ],
      ["a PDF", "report.jpg", "image/jpeg", "%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"],
    ])("%s: 415, decided by its bytes", async (_label, name, type, text) => {
      const response = await upload(uploadForm({ file: Buffer.from(text), alt: "Not an image", name, type }));
      expect(response.status).toBe(415);
      expectPrivate(response);
      expect(await response.json()).toEqual({
        message: INTAKE_MESSAGES.unsupported,
        errors: { file: [INTAKE_MESSAGES.unsupported] },
      });
    });

    it("a truncated JPEG: 400, it could not be read", async () => {
      const whole = await sharp({
        create: {
          width: 400,
          height: 300,
          channels: 3,
          background: "#000000",
          noise: { type: "gaussian", mean: 128, sigma: 40 },
        },
      })
        .jpeg()
        .toBuffer();
      const response = await upload(
        uploadForm({ file: whole.subarray(0, Math.floor(whole.length / 2)), alt: "Half a photo" }),
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toContain("could not be read");
      expect(body).toEqual({
        message: INTAKE_MESSAGES.unreadable,
        errors: { file: [INTAKE_MESSAGES.unreadable] },
      });
    });

    it("a pixel bomb (a small PNG whose header says 50 megapixels): 400 from its header", async () => {
      const bomb = await sharp({
        create: { width: 10_000, height: 5_000, channels: 3, background: "#ffffff" },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const response = await upload(
        uploadForm({ file: bomb, alt: "White", name: "white.png", type: "image/png" }),
      );
      expect(response.status).toBe(400);
      const message = "This image is too large: 10,000 × 5,000 pixels is over the limit of 40 megapixels.";
      expect(await response.json()).toEqual({ message, errors: { file: [message] } });
    });

    it("a file over 10 MB: 413", async () => {
      const response = await upload(
        uploadForm({ file: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), alt: "Too big" }),
      );
      expect(response.status).toBe(413);
      expectPrivate(response);
      expect(await response.json()).toEqual({
        message: "This file is too large: the limit is 10 MB.",
        errors: { file: [INTAKE_MESSAGES.tooLarge] },
      });
    });

    it("a body that is not multipart/form-data: 415", async () => {
      const bodies: CallOptions[] = [
        { json: { file: "aGVsbG8=", alt: "JSON" } },
        { body: "alt=Form", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
        { body: "", headers: {} },
      ];
      for (const options of bodies) {
        const response = await call(library, "/api/admin/media", asOperator({ method: "POST", ...options }));
        expect(response.status).toBe(415);
        expectPrivate(response);
        expect(await response.json()).toEqual({ message: MEDIA_API_MESSAGES.notMultipart });
      }
    });

    it("a multipart body that does not parse: 400", async () => {
      const response = await call(
        library,
        "/api/admin/media",
        asOperator({
          method: "POST",
          body: "--x\r\nnonsense",
          headers: { "Content-Type": "multipart/form-data; boundary=x" },
        }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: MEDIA_API_MESSAGES.unreadableBody });
    });
  });
});

/** A form whose `file` is a text field, not a file. */
function textFileForm(): FormData {
  const form = new FormData();
  form.append("file", "not a file");
  form.append("alt", "A photo");
  return form;
}

describe("GET /api/admin/media", () => {
  it("lists the library newest first, 24 a page, with links to the neighbouring pages", async () => {
    // Enough small images for two pages.
    for (let missing = 25 - (await libraryTotal()); missing > 0; missing -= 1) {
      const processed = await processUpload(await photo(16, 16));
      if (!processed.ok) throw new Error(processed.problem.message);
      await createMedia(
        processed.image,
        { alt: `Swatch ${missing}`, fileName: "swatch.jpg" },
        { userId: null, email: "seed@kestrelinsight.example" },
      );
    }
    const newest = await uploaded(await photo(32, 32), "The newest");

    const first = await libraryPage();
    expect(first.status).toBe(200);
    expectPrivate(first);
    const page = mediaPage.parse(await jsonOf(first));
    expect(page.items).toHaveLength(24);
    expect(page.items[0]).toEqual(newest);
    expect(page).toMatchObject({ page: 1, pageCount: Math.ceil(page.total / 24) });
    expect(first.headers.get("Link")).toBe('</api/admin/media?page=2>; rel="next"');

    const second = await libraryPage("?page=2");
    expect(second.status).toBe(200);
    const rest = mediaPage.parse(await second.json());
    expect(rest.items.length).toBeGreaterThan(0);
    expect(rest.items.map((item) => item.id)).not.toContain(newest.id);
    expect(second.headers.get("Link")).toContain('</api/admin/media>; rel="prev"');

    for (const [search, status] of [
      ["?page=0", 400],
      ["?page=abc", 400],
      ["?page=999", 404],
    ] as const) {
      const response = await libraryPage(search);
      expect(response.status, search).toBe(status);
      expectPrivate(response);
    }
  });
});

describe("GET /api/admin/media/{id}", () => {
  it("is 404 for an image that does not exist", async () => {
    for (const id of ["999999", "0", "abc", "99999999999"]) {
      const response = await getImage(id);
      expect(response.status, id).toBe(404);
      expectPrivate(response);
      expect(await response.json()).toEqual({ message: "Image not found" });
    }
  });
});

describe("PUT /api/admin/media/{id}", () => {
  it("changes the alt text (a new version), and refuses a stale version with 409", async () => {
    const item = await uploaded(await photo(500, 300), "A chart");
    const saved = await putAlt(item.id, { alt: "  Revenue by quarter, 2025  ", version: item.version });
    expect(saved.status).toBe(200);
    expectPrivate(saved);
    const after = mediaRecord.parse(await saved.json());
    expect(after).toMatchObject({
      id: item.id,
      alt: "Revenue by quarter, 2025",
      version: item.version + 1,
      url: item.url,
    });
    expect(await (await getImage(item.id)).json()).toEqual(after);

    const stale = await putAlt(item.id, { alt: "An older idea", version: item.version });
    expect(stale.status).toBe(409);
    expectPrivate(stale);
    expect(await stale.json()).toEqual({
      message: "This image's alt text was changed while you were editing. Review it and save again.",
    });
    expect(((await (await getImage(item.id)).json()) as MediaJson).alt).toBe("Revenue by quarter, 2025");

    // Without a version, the last save wins.
    expect((await putAlt(item.id, { alt: "Quarterly revenue" })).status).toBe(200);
  });

  it("refuses a missing alt text, an unknown field, a body that is not JSON, and an unknown image", async () => {
    const item = await uploaded(await photo(200, 200), "A square");
    const blank = await putAlt(item.id, { alt: "" });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({
      message: API_MESSAGES.validation,
      errors: { alt: ["Alt text is required"] },
    });
    const unknown = await putAlt(item.id, { alt: "A square", fileName: "x.jpg" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      message: API_MESSAGES.validation,
      errors: { fileName: [API_MESSAGES.unknownField] },
    });
    const form = await call(
      image,
      `/api/admin/media/${item.id}`,
      asOperator({ method: "PUT", params: { id: String(item.id) }, body: uploadForm({ alt: "A square" }) }),
    );
    expect(form.status).toBe(415);
    expectPrivate(form);
    const missing = await putAlt(999999, { alt: "Nothing" });
    expect(missing.status).toBe(404);
    expectPrivate(missing);
    expect(((await (await getImage(item.id)).json()) as MediaJson).alt).toBe("A square");
  });
});

describe("DELETE /api/admin/media/{id}", () => {
  let edge: http.Server;
  let port: number;

  beforeAll(async () => {
    edge = http.createServer((req, res) => {
      const policy = () => ({ secure: false, formActionOrigins: [], analytics: false, connectSources: [] });
      if (!serveMedia(req, res, policy)) res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => edge.listen(0, "127.0.0.1", resolve));
    port = (edge.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => edge?.close(resolve));
  });

  it("is refused while a post uses the image as its cover (409 naming the post), then deletes it and its addresses", async () => {
    const item = await uploaded(await photo(800, 450), "Our new office");
    const postBody = {
      title: "We have moved",
      slug: `we-have-moved-${Date.now()}`,
      summary: "A new office in London.",
      body: "We moved.",
      category: "news",
      status: "draft",
    };
    const made = await call(
      adminPosts,
      "/api/admin/posts",
      asOperator({ method: "POST", json: { ...postBody, coverImageId: item.id } }),
    );
    expect(made.status, await made.clone().text()).toBe(201);
    const post = (await made.json()) as { id: number };

    const refused = await remove(item.id);
    expect(refused.status).toBe(409);
    expectPrivate(refused);
    expect(await refused.json()).toEqual({
      message:
        'This image is in use (Cover image of the post "We have moved"). Choose another image there first, then delete it.',
    });
    const inUse = (await (await getImage(item.id)).json()) as MediaJson;
    expect(inUse.usedBy).toEqual([
      {
        kind: "post-cover",
        label: 'Cover image of the post "We have moved"',
        href: `/admin/news/${post.id}/edit`,
      },
    ]);
    expect((await rawGet(port, item.url)).status).toBe(200);

    const changed = await call(
      adminPost,
      `/api/admin/posts/${post.id}`,
      asOperator({
        method: "PUT",
        params: { id: String(post.id) },
        json: { ...postBody, coverImageId: null },
      }),
    );
    expect(changed.status, await changed.clone().text()).toBe(200);

    const deleted = await remove(item.id);
    expect(deleted.status).toBe(204);
    expectPrivate(deleted);
    expect(await deleted.text()).toBe("");
    expect((await getImage(item.id)).status).toBe(404);
    for (const url of [item.url, ...item.variants.map((variant) => variant.url)]) {
      expect((await rawGet(port, url, { Accept: "image/avif,image/webp,*/*" })).status, url).toBe(404);
    }
    const again = await remove(item.id);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Image not found" });
  });
});

describe("signed out", () => {
  it("every endpoint answers 401 and changes nothing", async () => {
    const item = await uploaded(await photo(120, 80), "Kept");
    const total = await libraryTotal();
    const signedOut: CallOptions = {};
    const answers = [
      await libraryPage("", signedOut),
      await upload(uploadForm({ file: await photo(120, 80), alt: "Sneaked in" }), signedOut),
      await getImage(item.id, signedOut),
      await putAlt(item.id, { alt: "Changed" }, signedOut),
      await remove(item.id, signedOut),
      await remove(item.id, { cookie: "kestrel_session=forged" }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(401);
      expectPrivate(response);
      expect(await response.json()).toEqual({ message: "Unauthorized" });
    }
    expect(await libraryTotal()).toBe(total);
    expect(await (await getImage(item.id)).json()).toEqual(item);
  });
});
