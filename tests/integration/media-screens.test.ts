import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { posts, seoSettings } from "~db/schema";
import type { AdminFormReply } from "~/components/admin/form-reply";
import type { MediaAltReply, MediaCardView, MediaDetailView, MediaUploadLimits } from "~/components/admin/media/media-views";
import { getMedia, MEDIA_MESSAGES } from "~/models/media.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import * as dashboard from "~/routes/admin._index";
import * as library from "~/routes/admin.media";
import * as deletePage from "~/routes/admin.media.$id.delete";
import * as imagePage from "~/routes/admin.media_.$id";
import { MEDIA_FORM_MESSAGES } from "~/schemas/media";
import { INTAKE_MESSAGES } from "~/server/media/image-intake.server";
import { freshAddress, invoke, operatorCookie, type RouteHandlers } from "../helpers/api-client";
import { body, headersOf, redirected } from "../helpers/form-answers";

/**
 * The library's screens as the operator's browser drives them without JavaScript: the loaders' data and
 * the form posts (multipart uploads, the alt text form, the delete confirmation) against the real database.
 */

let operator: string;
let shade = 0;

/** A JPEG no other test image has the bytes of, so the library never takes it for one it holds. */
async function photo(width = 1200, height = 800): Promise<Buffer> {
  shade += 1;
  return sharp({ create: { width, height, channels: 3, background: { r: (shade * 37) % 256, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
}

/** A PNG whose header claims `width` × `height` over a one-pixel image: decoding it is refused before it starts. */
function pixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), body])));
    return Buffer.concat([length, Buffer.from(type, "latin1"), body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from([0, 0]))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function uploadForm(fields: { file?: Buffer | string; alt?: string; name?: string; type?: string }): FormData {
  const form = new FormData();
  if (fields.file !== undefined) {
    const bytes = typeof fields.file === "string" ? fields.file : new Uint8Array(fields.file);
    form.append("file", new File([bytes], fields.name ?? "photo.jpg", { type: fields.type ?? "image/jpeg" }));
  }
  if (fields.alt !== undefined) form.append("alt", fields.alt);
  return form;
}

const get = (route: RouteHandlers, path: string, params: Record<string, string> = {}, options: { signedOut?: boolean } = {}) =>
  invoke(route, path, { cookie: options.signedOut ? undefined : operator, params });
const post = (
  route: RouteHandlers,
  path: string,
  form: FormData | URLSearchParams,
  params: Record<string, string> = {},
  options: { signedOut?: boolean; clientAddress?: string } = {},
) => invoke(route, path, { cookie: options.signedOut ? undefined : operator, params, method: "POST", body: form, clientAddress: options.clientAddress });

interface LibraryData {
  items: MediaCardView[];
  total: number;
  page: number;
  pageCount: number;
  limits: MediaUploadLimits;
}

async function libraryData(search = ""): Promise<LibraryData> {
  const answer = await invoke(library, "/admin/media", { cookie: operator, search });
  expect(answer.status).toBe(200);
  expect(headersOf(answer.result).get("Cache-Control")).toBe("private, no-store");
  return body<LibraryData>(answer.result);
}

/** Uploads through the form and returns the new image's card. */
async function uploadImage(alt: string, bytes?: Buffer): Promise<MediaCardView> {
  const answer = await post(library, "/admin/media", uploadForm({ file: bytes ?? (await photo()), alt }));
  expect((await redirected(answer.result)).toast?.description).toBe("Image uploaded.");
  const card = (await libraryData()).items.find((item) => item.image.alt === alt);
  if (!card) throw new Error(`"${alt}" is not in the library`);
  return card;
}

const imageParams = (id: number) => ({ id: String(id) });
const altForm = (alt: string, version: number | string) => new URLSearchParams({ alt, version: String(version) });

beforeAll(async () => {
  operator = await operatorCookie();
});

describe("the library screen", () => {
  it("is not there for anyone signed out: every screen and form is a 404", async () => {
    expect((await get(library, "/admin/media", {}, { signedOut: true })).status).toBe(404);
    expect((await post(library, "/admin/media", uploadForm({ file: await photo(), alt: "x" }), {}, { signedOut: true })).status).toBe(404);
    const card = await uploadImage("Signed-out probe");
    const params = imageParams(card.id);
    expect((await get(imagePage, `/admin/media/${card.id}`, params, { signedOut: true })).status).toBe(404);
    expect((await post(imagePage, `/admin/media/${card.id}`, altForm("Changed", 1), params, { signedOut: true })).status).toBe(404);
    expect((await get(deletePage, `/admin/media/${card.id}/delete`, params, { signedOut: true })).status).toBe(404);
    expect((await post(deletePage, `/admin/media/${card.id}/delete`, new URLSearchParams(), params, { signedOut: true })).status).toBe(404);
    expect(await getMedia(card.id)).not.toBeNull();
  });

  it("tells the form what it takes: the types' limits and the intake's own message for a file too large", async () => {
    const { limits } = await libraryData();
    expect(limits).toEqual({
      maxBytes: 10 * 1024 * 1024,
      maxMegapixels: 40,
      tooLargeMessage: INTAKE_MESSAGES.tooLarge,
      uploadedNotice: "Image uploaded.",
      duplicateNotice: "This image is already in the library.",
    });
  });

  it("an upload: the library with its notice, and the image first in the grid with its size and no uses", async () => {
    const bytes = await photo(1200, 800);
    const answer = await post(library, "/admin/media", uploadForm({ file: bytes, alt: "  A green field at dawn  ", name: "C:\\photos\\field.jpg" }));
    expect(await redirected(answer.result)).toEqual({
      status: 302,
      location: "/admin/media",
      toast: { title: "Success", description: "Image uploaded." },
    });
    const { items, total } = await libraryData();
    expect(items[0]).toMatchObject({
      fileName: "field.jpg",
      sourceType: "image/jpeg",
      byteSize: bytes.length,
      uses: [],
      image: { alt: "A green field at dawn", width: 1200, height: 800, widths: [480, 960, 1200] },
    });

    // The same bytes again are the same image: nothing new, and the operator is told so.
    const again = await post(library, "/admin/media", uploadForm({ file: bytes, alt: "Another description" }));
    expect((await redirected(again.result)).toast).toEqual({ title: "Success", description: MEDIA_MESSAGES.duplicate });
    expect((await libraryData()).total).toBe(total);
  });

  const refusals: { name: string; form: () => Promise<FormData>; status: number; field: "file" | "alt"; message: string }[] = [
    { name: "no alt text", form: async () => uploadForm({ file: await photo(), alt: "   " }), status: 400, field: "alt", message: MEDIA_FORM_MESSAGES.altRequired },
    { name: "no file chosen", form: async () => uploadForm({ file: "", name: "", alt: "Kept", type: "application/octet-stream" }), status: 400, field: "file", message: MEDIA_FORM_MESSAGES.fileRequired },
    {
      name: "an SVG",
      form: async () => uploadForm({ file: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', name: "logo.svg", type: "image/svg+xml", alt: "Kept" }),
      status: 415,
      field: "file",
      message: INTAKE_MESSAGES.unsupported,
    },
    {
      name: "HTML named .png",
      form: async () => uploadForm({ file: "<!doctype html><title>x</title>", name: "photo.png", type: "image/png", alt: "Kept" }),
      status: 415,
      field: "file",
      message: INTAKE_MESSAGES.unsupported,
    },
    {
      name: "a truncated JPEG",
      form: async () => {
        const bytes = await photo();
        return uploadForm({ file: bytes.subarray(0, Math.floor(bytes.length / 2)), alt: "Kept" });
      },
      status: 400,
      field: "file",
      message: INTAKE_MESSAGES.unreadable,
    },
    { name: "a pixel bomb", form: async () => uploadForm({ file: pixelBomb(10_000, 5_000), name: "bomb.png", type: "image/png", alt: "Kept" }), status: 400, field: "file", message: INTAKE_MESSAGES.tooManyPixels(10_000, 5_000) },
    { name: "an 11 MB file", form: async () => uploadForm({ file: Buffer.concat([await photo(), Buffer.alloc(11 * 1024 * 1024)]), alt: "Kept" }), status: 413, field: "file", message: INTAKE_MESSAGES.tooLarge },
  ];

  for (const refusal of refusals) {
    it(`refuses ${refusal.name}: ${refusal.status}, the message under its field, the alt text kept, nothing stored`, async () => {
      const before = (await libraryData()).total;
      const answer = await post(library, "/admin/media", await refusal.form());
      expect(answer.status).toBe(refusal.status);
      expect(headersOf(answer.result).get("Cache-Control")).toBe("private, no-store");
      const reply = body<AdminFormReply>(answer.result);
      expect(reply.result.status).toBe("error");
      expect(reply.result.error?.[refusal.field]).toEqual([refusal.message]);
      expect(reply.result.error?.[""]).toBeUndefined();
      // The operator's words come back for the form; the file never does.
      if (refusal.field === "file") expect(reply.result.initialValue).toEqual({ alt: "Kept" });
      expect(reply.result.initialValue).not.toHaveProperty("file");
      expect((await libraryData()).total).toBe(before);
    });
  }

  it("a form that is not a form is refused before anything is read", async () => {
    const answer = await invoke(library, "/admin/media", { cookie: operator, method: "POST", json: { alt: "x" } });
    expect(answer.status).toBe(415);
  });

  it("uploads pass the admin write rate limit: past it, 429 with the wait and the reason on the form", async () => {
    const clientAddress = freshAddress();
    let answer: Awaited<ReturnType<typeof post>> | undefined;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      answer = await post(library, "/admin/media", uploadForm({ alt: "" }), {}, { clientAddress });
      if (answer.status === 429) break;
      expect(answer.status).toBe(400);
    }
    expect(answer?.status).toBe(429);
    expect(Number(headersOf(answer!.result).get("Retry-After"))).toBeGreaterThan(0);
    const reply = body<AdminFormReply>(answer!.result);
    expect(reply.result.error?.[""]).toEqual([RATE_LIMIT_MESSAGE]);
    expect(reply.toast?.description).toBe(RATE_LIMIT_MESSAGE);
  });

  it("pages the library 24 at a time", async () => {
    const { total } = await libraryData();
    for (let n = total; n < 25; n += 1) await uploadImage(`Paging image ${n}`, await photo(160, 120));
    const first = await libraryData();
    expect(first.items).toHaveLength(24);
    expect(first.pageCount).toBe(Math.ceil(first.total / 24));
    const second = await libraryData("?page=2");
    expect(second.page).toBe(2);
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
  });
});

describe("an image's page: its alt text", () => {
  it("shows the image with every stored size, who uploaded it, and where it is used", async () => {
    const card = await uploadImage("A chart on a desk");
    const answer = await get(imagePage, `/admin/media/${card.id}`, imageParams(card.id));
    expect(answer.status).toBe(200);
    expect(headersOf(answer.result).get("Cache-Control")).toBe("private, no-store");
    const { item } = body<{ item: MediaDetailView }>(answer.result);
    expect(item).toMatchObject({ id: card.id, uploadedBy: "admin@kestrelinsight.example", uses: [], version: 1 });
    expect(item.uploaded).toMatch(/^Today, \d{2}:\d{2}$/);
    expect(new Set(item.variants.map((variant) => variant.width))).toEqual(new Set([480, 960, 1200]));
    expect(new Set(item.variants.map((variant) => variant.format))).toEqual(new Set(["avif", "webp", "jpeg"]));
    for (const variant of item.variants) {
      expect(variant.url).toBe(`/media/${card.image.hash}/${variant.width}.${variant.format === "jpeg" ? "jpg" : variant.format}`);
      expect(variant.byteSize).toBeGreaterThan(0);
    }
  });

  it("an image that is not there is a 404", async () => {
    expect((await get(imagePage, "/admin/media/999999", imageParams(999999))).status).toBe(404);
    expect((await get(imagePage, "/admin/media/abc", { id: "abc" })).status).toBe(404);
  });

  it("saves the alt text: the library with its notice, and the new text everywhere", async () => {
    const card = await uploadImage("Old words");
    const answer = await post(imagePage, `/admin/media/${card.id}`, altForm("  Two analysts reviewing a chart  ", 1), imageParams(card.id));
    expect(await redirected(answer.result)).toEqual({
      status: 302,
      location: "/admin/media",
      toast: { title: "Success", description: "Alt text saved." },
    });
    expect(await getMedia(card.id)).toMatchObject({ alt: "Two analysts reviewing a chart", version: 2 });
    expect((await libraryData()).items.find((item) => item.id === card.id)?.image.alt).toBe("Two analysts reviewing a chart");
  });

  it("refuses an empty alt text under the field, and a mangled version for the whole form", async () => {
    const card = await uploadImage("Stays as it is");
    const empty = await post(imagePage, `/admin/media/${card.id}`, altForm("", 1), imageParams(card.id));
    expect(empty.status).toBe(400);
    expect(body<MediaAltReply>(empty.result).result.error?.alt).toEqual([MEDIA_FORM_MESSAGES.altRequired]);
    const mangled = await post(imagePage, `/admin/media/${card.id}`, altForm("New", "one"), imageParams(card.id));
    expect(mangled.status).toBe(400);
    expect(body<MediaAltReply>(mangled.result).result.error?.[""]).toEqual(["This form could not be read. Reload the page and try again."]);
    expect((await getMedia(card.id))?.alt).toBe("Stays as it is");
  });

  it("a stale save is 409: the operator's text kept, what it reads now, and saving again replaces it", async () => {
    const card = await uploadImage("First words");
    // Someone else saves first.
    await post(imagePage, `/admin/media/${card.id}`, altForm("Someone else's words", 1), imageParams(card.id));
    const stale = await post(imagePage, `/admin/media/${card.id}`, altForm("My words", 1), imageParams(card.id));
    expect(stale.status).toBe(409);
    const reply = body<MediaAltReply>(stale.result);
    expect(reply.result.error?.[""]).toEqual(["This image's alt text was changed while you were editing. Review it and save again."]);
    expect(reply.result.initialValue).toMatchObject({ alt: "My words" });
    expect(reply.current).toEqual({ alt: "Someone else's words", version: 2 });
    expect((await getMedia(card.id))?.alt).toBe("Someone else's words");

    const again = await post(imagePage, `/admin/media/${card.id}`, altForm("My words", reply.current!.version), imageParams(card.id));
    expect((await redirected(again.result)).toast?.description).toBe("Alt text saved.");
    expect((await getMedia(card.id))?.alt).toBe("My words");
  });
});

describe("deleting an image", () => {
  interface DeleteData {
    item: MediaCardView;
    inUseMessage: string | null;
  }

  it("is refused while the image is used, naming each place with a link to it; then, once unused, it goes", async () => {
    const card = await uploadImage("Our office at night");
    const params = imageParams(card.id);
    const path = `/admin/media/${card.id}/delete`;
    const [post1] = await getDb().select({ id: posts.id, title: posts.title }).from(posts).orderBy(posts.id).limit(1);
    await getDb().update(posts).set({ coverImageId: card.id }).where(eq(posts.id, post1!.id));
    await getDb().update(seoSettings).set({ ogImageId: card.id });
    try {
      const uses = [
        { label: `Cover image of the post "${post1!.title}"`, href: `/admin/news/${post1!.id}/edit` },
        { label: "Default sharing image in SEO settings", href: "/admin/seo" },
      ];
      const confirmation = await get(deletePage, path, params);
      expect(confirmation.status).toBe(200);
      const view = body<DeleteData>(confirmation.result);
      expect(view.item.uses).toEqual(uses);
      expect(view.inUseMessage).toBe(
        `This image is in use (Cover image of the post "${post1!.title}"; Default sharing image in SEO settings). Choose another image there first, then delete it.`,
      );
      // The grid says the same.
      expect((await libraryData()).items.find((item) => item.id === card.id)?.uses).toEqual(uses);

      // A post of the form anyway (the page was shown before the image was put to use): 409, nothing deleted.
      const refused = await post(deletePage, path, new URLSearchParams(), params);
      expect(refused.status).toBe(409);
      expect(body<AdminFormReply>(refused.result).result.error?.[""]).toEqual([view.inUseMessage]);
      expect(await getMedia(card.id)).not.toBeNull();
    } finally {
      await getDb().update(posts).set({ coverImageId: null }).where(eq(posts.coverImageId, card.id));
      await getDb().update(seoSettings).set({ ogImageId: null });
    }

    const free = body<DeleteData>((await get(deletePage, path, params)).result);
    expect(free.inUseMessage).toBeNull();
    const deleted = await post(deletePage, path, new URLSearchParams(), params);
    expect(await redirected(deleted.result)).toEqual({
      status: 302,
      location: "/admin/media",
      toast: { title: "Success", description: "Image deleted." },
    });
    expect(await getMedia(card.id)).toBeNull();
    expect((await libraryData()).items.map((item) => item.id)).not.toContain(card.id);
    expect((await get(deletePage, path, params)).status).toBe(404);
    expect((await get(imagePage, `/admin/media/${card.id}`, params)).status).toBe(404);

    // Deleted meanwhile in another tab: back to the library, saying so.
    const twice = await post(deletePage, path, new URLSearchParams(), params);
    expect((await redirected(twice.result)).toast).toMatchObject({ description: "This image is no longer in the library.", variant: "destructive" });
  });

  it("the organisation logo is a use too", async () => {
    const card = await uploadImage("The Kestrel logo");
    await getDb().update(seoSettings).set({ logoImageId: card.id });
    try {
      const view = body<DeleteData>((await get(deletePage, `/admin/media/${card.id}/delete`, imageParams(card.id))).result);
      expect(view.item.uses).toEqual([{ label: "Organisation logo in SEO settings", href: "/admin/seo?tab=schema" }]);
    } finally {
      await getDb().update(seoSettings).set({ logoImageId: null });
    }
  });
});

describe("the dashboard's recent activity", () => {
  interface DashboardData {
    activity: { what: string; historyUrl: string | null }[];
  }

  it("links an image's changes to its page while it is in the library, and to nothing once it is deleted", async () => {
    const card = await uploadImage("Dashboard probe image");
    const entry = async () =>
      body<DashboardData>((await get(dashboard, "/admin")).result).activity.find((row) => row.what === 'Uploaded image "Dashboard probe image"');
    expect((await entry())?.historyUrl).toBe(`/admin/media/${card.id}`);
    await post(deletePage, `/admin/media/${card.id}/delete`, new URLSearchParams(), imageParams(card.id));
    expect((await entry())?.historyUrl).toBeNull();
  });
});
