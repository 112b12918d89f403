import type { MetaDescriptor } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, deleteMedia, updateMediaAlt, type MediaItem } from "~/models/media.server";
import { createPost, deletePost, getPost, restorePostFromTrash, restorePostVersion, updatePost, type Post, type PostWrite } from "~/models/posts.server";
import { getTrashEntry } from "~/models/trash.server";
import { readSeoSettings, restoreSeoSettingsVersion, updateSeoSettings } from "~/models/seo-settings.server";
import * as layoutRoute from "~/routes/_site";
import * as aboutRoute from "~/routes/_site.about";
import * as postRoute from "~/routes/_site.newsroom_.$slug";
import * as postEdit from "~/routes/admin.news_.$id.edit";
import * as postNew from "~/routes/admin.news_.new";
import * as seoAdmin from "~/routes/admin.seo";
import { MEDIA_CHOICE_MESSAGE } from "~/schemas/media";
import { processUpload } from "~/server/media/image-intake.server";
import { MEDIA_PICKER_LIMIT } from "~/server/media/media-picker.server";
import { readToast } from "~/server/forms/toast.server";
import type { MediaPickerOptions } from "~/components/admin/media-picker";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { structuredData, type SiteSeo } from "~/utils/seo";
import { call, invoke, jsonOf, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";
import { signInOverHttp } from "../helpers/http-sign-in";
import type { CookieJar } from "../helpers/cookie-jar";
import { startServer, type RunningServer } from "../helpers/server-process";
import { body } from "../helpers/form-answers";
import * as collectionRoute from "~/routes/api.admin.$collection";
import { withParams } from "../helpers/route-modules";
import * as collectionItemRoute from "~/routes/api.admin.$collection.$id";

const postsApi = withParams(collectionRoute, { collection: "posts" });

const postApi = withParams(collectionItemRoute, { collection: "posts" });

const seoApi = withParams(collectionRoute, { collection: "seo-settings" });

/**
 * Where library images are used: a post's cover (the API, the editor, the public page), the Open Graph and
 * Twitter image of every page (a post's cover, else the site default from SEO settings, else the logo URL),
 * and the organisation's logo in the JSON-LD. An image that is gone from the library is refused by name.
 */

const actor = { userId: null, email: "ops@kestrelinsight.example" };
let operator: string;
let photo: MediaItem;
let badge: MediaItem;

async function upload(bytes: Buffer, alt: string): Promise<MediaItem> {
  const processed = await processUpload(bytes);
  if (!processed.ok) throw new Error(processed.problem.message);
  return (await createMedia(processed.image, { alt, fileName: "test" }, actor)).record;
}

/** A photo of one colour (JPEG fallback), `width` wide, 3:2; each colour a different image. */
const jpeg = (width: number, colour: string) =>
  sharp({ create: { width, height: Math.round((width * 2) / 3), channels: 3, background: colour } }).jpeg().toBuffer();
/** A translucent square (PNG fallback). */
const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 4, background: { r: 4, g: 117, b: 94, alpha: 0.5 } } }).png().toBuffer();

const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

function postInput(overrides: Partial<PostWrite> = {}): PostWrite {
  const title = overrides.title ?? "Cover story";
  return { title, slug: unique("cover"), summary: "A post with a picture.", body: "Body text.", category: "news", status: "published", publishAt: null, ...overrides };
}

async function created(overrides: Partial<PostWrite> = {}): Promise<Post> {
  const result = await createPost(postInput(overrides), actor);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.record;
}

const shareUrl = (item: MediaItem, width: number, extension: "jpg" | "png") => `${SITE}/media/${item.hash}/${width}.${extension}`;

const get = (route: RouteHandlers, path: string, params: Record<string, string> = {}) => invoke(route, path, { cookie: operator, params });
const form = (route: RouteHandlers, path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  invoke(route, path, { cookie: operator, params, method: "POST", body: new URLSearchParams(fields) });

async function toastOf(result: unknown) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(body(result))}`);
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))?.split(";")[0];
  return (await readToast(new Request(SITE, { headers: cookie ? { Cookie: cookie } : {} }))).toast;
}

/** A public page's meta as the browser gets it: root, the layout (with its site values) and the page. */
async function metaOf(route: { meta?: unknown }, path: string, params: Record<string, string> = {}): Promise<MetaDescriptor[]> {
  const request = () => ({ request: new Request(`${SITE}${path}`), params, context: { cspNonce: "", clientAddress: "203.0.113.9", peerAddress: "127.0.0.1" } });
  const layout = body<{ site: SiteSeo }>(await layoutRoute.loader(request()));
  const routeLoader = (route as { loader?: (args: unknown) => unknown }).loader;
  const data = routeLoader ? body(await routeLoader(request())) : undefined;
  const matches = [
    { id: "root", pathname: "/", params: {}, data: {}, meta: [] as MetaDescriptor[], handle: undefined },
    { id: "routes/_site", pathname: "/", params: {}, data: layout, meta: layoutRoute.meta({ data: layout, matches: [] } as never), handle: undefined },
    { id: "leaf", pathname: path, params, data, meta: [], handle: (route as { handle?: unknown }).handle },
  ];
  const meta = route.meta as (args: unknown) => MetaDescriptor[];
  return meta({ data, matches, params, location: { pathname: path, search: "", hash: "", state: null, key: "" }, error: undefined });
}

function tag(tags: MetaDescriptor[], key: "property" | "name", value: string): string | undefined {
  return (tags.find((t) => (t as Record<string, unknown>)[key] === value) as { content?: string } | undefined)?.content;
}

const imageTags = (tags: MetaDescriptor[]) => ({
  image: tag(tags, "property", "og:image"),
  width: tag(tags, "property", "og:image:width"),
  height: tag(tags, "property", "og:image:height"),
  alt: tag(tags, "property", "og:image:alt"),
  card: tag(tags, "name", "twitter:card"),
  twitterImage: tag(tags, "name", "twitter:image"),
});

async function setSeo(changes: { ogImageId?: number | null; logoImageId?: number | null; logoUrl?: string | null }) {
  const result = await updateSeoSettings(changes, actor);
  if (!result.ok) throw new Error(JSON.stringify(result));
}

beforeAll(async () => {
  operator = await operatorCookie();
  photo = await upload(await jpeg(2000, "#1d4ed8"), "Trading floor at dawn");
  badge = await upload(await png(400), "Kestrel Insight logo");
});

describe("a post's cover through the API", () => {
  it("is accepted, answered and cleared by POST and PUT /api/admin/posts", async () => {
    const slug = unique("api-cover");
    const fields = { title: "API cover", slug, summary: "Summary.", body: "Body.", category: "news", status: "draft" };
    const made = await call(postsApi, "/api/admin/posts", { method: "POST", cookie: operator, json: { ...fields, coverImageId: photo.id } });
    expect(made.status).toBe(201);
    const record = await jsonOf<{ id: number; coverImageId: number | null; version: number }>(made);
    expect(record.coverImageId).toBe(photo.id);

    const params = { id: String(record.id) };
    const read = await jsonOf<{ coverImageId: number | null }>(await call(postApi, `/api/admin/posts/${record.id}`, { cookie: operator, params }));
    expect(read.coverImageId).toBe(photo.id);

    const swapped = await call(postApi, `/api/admin/posts/${record.id}`, { method: "PUT", cookie: operator, params, json: { ...fields, coverImageId: badge.id } });
    expect(swapped.status).toBe(200);
    expect((await jsonOf<{ coverImageId: number }>(swapped)).coverImageId).toBe(badge.id);

    // A client that predates covers (it sends no coverImageId) keeps the cover; null removes it.
    const kept = await call(postApi, `/api/admin/posts/${record.id}`, { method: "PUT", cookie: operator, params, json: { ...fields, title: "API cover, retitled" } });
    expect((await jsonOf<{ coverImageId: number | null }>(kept)).coverImageId).toBe(badge.id);
    const cleared = await call(postApi, `/api/admin/posts/${record.id}`, { method: "PUT", cookie: operator, params, json: { ...fields, coverImageId: null } });
    expect((await jsonOf<{ coverImageId: number | null }>(cleared)).coverImageId).toBeNull();
    expect((await getPost(record.id))!.coverImageId).toBeNull();
  });

  it("refuses an id that is not in the library, or not an id, with 400 naming the field", async () => {
    const fields = { title: "Bad cover", summary: "Summary.", body: "Body.", category: "news", status: "draft" };
    for (const coverImageId of [2_000_000_000, "photo.jpg", 0, 1.5]) {
      const answer = await call(postsApi, "/api/admin/posts", { method: "POST", cookie: operator, json: { ...fields, slug: unique("bad"), coverImageId } });
      expect(answer.status, String(coverImageId)).toBe(400);
      expect((await jsonOf<{ errors: Record<string, string[]> }>(answer)).errors.coverImageId).toEqual([MEDIA_CHOICE_MESSAGE]);
    }
  });
});

describe("the post editor's cover picker", () => {
  it("offers every image with none first, saves the choice, and shows it chosen", async () => {
    const fresh = body<{ media: MediaPickerOptions }>((await get(postNew, "/admin/news/new")).result);
    expect(fresh.media.images.map((image) => image.id)).toEqual(expect.arrayContaining([photo.id, badge.id]));
    expect(fresh.media.images.find((image) => image.id === photo.id)).toMatchObject({ alt: "Trading floor at dawn", widths: [480, 960, 1600] });

    const post = await created({ status: "draft" });
    const params = { id: String(post.id) };
    const path = `/admin/news/${post.id}/edit`;
    const fields = { title: post.title, slug: post.slug, summary: post.summary, body: post.body, category: "news", publishAt: "", status: "draft" };
    const saved = await form(postEdit, path, { ...fields, coverImageId: String(photo.id), version: String(post.version) }, params);
    expect(saved.status).toBe(302);
    expect(await toastOf(saved.result)).toMatchObject({ description: "Post saved as draft." });
    const now = (await getPost(post.id))!;
    expect(now.coverImageId).toBe(photo.id);
    const editor = body<{ post: { coverImageId: string } }>((await get(postEdit, path, params)).result);
    expect(editor.post.coverImageId).toBe(String(photo.id));

    // "No cover image" posts an empty value.
    const none = await form(postEdit, path, { ...fields, coverImageId: "", version: String(now.version) }, params);
    expect(none.status).toBe(302);
    expect((await getPost(post.id))!.coverImageId).toBeNull();
  });

  it("refuses an image deleted since the editor was opened, with the message under the field", async () => {
    const doomed = await upload(await jpeg(600, "#b91c1c"), "Soon gone");
    const post = await created({ status: "draft" });
    expect((await deleteMedia(doomed.id, actor)).ok).toBe(true);
    const fields = { title: post.title, slug: post.slug, summary: post.summary, body: post.body, category: "news", publishAt: "", status: "draft" };
    const refused = await form(postEdit, `/admin/news/${post.id}/edit`, { ...fields, coverImageId: String(doomed.id), version: String(post.version) }, { id: String(post.id) });
    expect(refused.status).toBe(400);
    const reply = body<AdminFormReply>(refused.result);
    expect(reply.result.error?.coverImageId).toEqual([MEDIA_CHOICE_MESSAGE]);
    expect((await getPost(post.id))!.coverImageId).toBeNull();
  });

  it("names both covers by their alt text when a stale save is merged", async () => {
    const post = await created({ status: "draft", coverImageId: photo.id });
    const moved = await updatePost(post.id, { ...postInput({ slug: post.slug, status: "draft" }), coverImageId: badge.id }, actor);
    expect(moved.ok).toBe(true);
    const fields = { title: post.title, slug: post.slug, summary: "Mine.", body: post.body, category: "news", publishAt: "", status: "draft" };
    const stale = await form(postEdit, `/admin/news/${post.id}/edit`, { ...fields, coverImageId: "", version: String(post.version) }, { id: String(post.id) });
    expect(stale.status).toBe(409);
    const cover = body<AdminFormReply>(stale.result).merge?.fields.find((field) => field.name === "coverImageId");
    expect(cover).toMatchObject({ label: "Cover image", mine: "", current: String(badge.id) });
    expect(cover?.valueLabels?.[""]).toBe("No cover image");
    expect(cover?.valueLabels?.[String(badge.id)]).toBe("Kestrel Insight logo");
  });

  it("offers the newest images when the library is long, and the current choice however old", async () => {
    const post = await created({ status: "draft", coverImageId: photo.id });
    const extra = [];
    for (let i = 0; i < MEDIA_PICKER_LIMIT; i += 1) {
      extra.push(await upload(await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i, g: 40, b: 90 } } }).png().toBuffer(), `Swatch ${i}`));
    }
    const editor = body<{ media: MediaPickerOptions }>((await get(postEdit, `/admin/news/${post.id}/edit`, { id: String(post.id) })).result);
    expect(editor.media.newestOnly).toBe(MEDIA_PICKER_LIMIT);
    const ids = editor.media.images.map((image) => image.id);
    expect(ids).toHaveLength(MEDIA_PICKER_LIMIT + 1);
    expect(ids.slice(0, MEDIA_PICKER_LIMIT)).toEqual(extra.map((item) => item.id).reverse());
    expect(ids.at(-1)).toBe(photo.id);
    for (const item of extra) expect((await deleteMedia(item.id, actor)).ok).toBe(true);
  });
});

describe("a cover that left the library", () => {
  it("keeps a post in the trash, saying why, when its cover was deleted after it", async () => {
    const cover = await upload(await jpeg(700, "#047857"), "Green field");
    const post = await created({ coverImageId: cover.id });
    // A live post's cover cannot be deleted; one in the trash does not hold it.
    expect(await deleteMedia(cover.id, actor)).toMatchObject({ ok: false, reason: "conflict" });
    expect((await deletePost(post.id, actor)).ok).toBe(true);
    expect((await deleteMedia(cover.id, actor)).ok).toBe(true);

    expect(await restorePostFromTrash(post.id, actor)).toEqual({ ok: false, reason: "invalid", field: "coverImageId", message: MEDIA_CHOICE_MESSAGE });
    expect(await getPost(post.id)).toBeNull();
    expect(await getTrashEntry("posts", post.id)).not.toBeNull();
  });

  it("refuses to restore a version whose cover was deleted since", async () => {
    const cover = await upload(await jpeg(720, "#7c3aed"), "Violet field");
    const post = await created({ coverImageId: cover.id });
    const changed = await updatePost(post.id, { ...postInput({ slug: post.slug }), coverImageId: null }, actor);
    if (!changed.ok) throw new Error("update failed");
    expect((await deleteMedia(cover.id, actor)).ok).toBe(true);

    expect(await restorePostVersion(post.id, post.version, actor)).toEqual({ ok: false, reason: "invalid", field: "coverImageId", message: MEDIA_CHOICE_MESSAGE });
    expect((await getPost(post.id))!.version).toBe(changed.record.version);
  });
});

describe("the SEO settings' images", () => {
  afterAll(() => setSeo({ ogImageId: null, logoImageId: null, logoUrl: null }));

  it("are accepted and answered by PUT /api/admin/seo-settings, and an image not in the library is refused", async () => {
    const current = await readSeoSettings();
    const { version: _version, ...fields } = current;
    const saved = await call(seoApi, "/api/admin/seo-settings", { method: "PUT", cookie: operator, json: { ...fields, ogImageId: photo.id, logoImageId: badge.id } });
    expect(saved.status).toBe(200);
    expect(await jsonOf(saved)).toMatchObject({ ogImageId: photo.id, logoImageId: badge.id });

    for (const field of ["ogImageId", "logoImageId"]) {
      const refused = await call(seoApi, "/api/admin/seo-settings", { method: "PUT", cookie: operator, json: { ...fields, [field]: 2_000_000_000 } });
      expect(refused.status, field).toBe(400);
      expect((await jsonOf<{ errors: Record<string, string[]> }>(refused)).errors[field]).toEqual([MEDIA_CHOICE_MESSAGE]);
    }
    expect(await readSeoSettings()).toMatchObject({ ogImageId: photo.id, logoImageId: badge.id });

    // SPEC's clients send the settings without the image fields: the images stay chosen.
    const { ogImageId: _og, logoImageId: _logo, ...specFields } = fields;
    const specSave = await call(seoApi, "/api/admin/seo-settings", { method: "PUT", cookie: operator, json: { ...specFields, keywords: "kept images" } });
    expect(specSave.status).toBe(200);
    expect(await readSeoSettings()).toMatchObject({ keywords: "kept images", ogImageId: photo.id, logoImageId: badge.id });
  });

  it("are chosen on the Meta Tags and Schema tabs, each tab saving its own", async () => {
    await setSeo({ ogImageId: null, logoImageId: null });
    const screen = body<{ media: MediaPickerOptions }>((await get(seoAdmin, "/admin/seo")).result);
    expect(screen.media.images.map((image) => image.id)).toEqual(expect.arrayContaining([photo.id, badge.id]));

    let seo = await readSeoSettings();
    const meta = await form(seoAdmin, "/admin/seo", {
      intent: "meta",
      pageTitle: seo.pageTitle,
      metaDescription: seo.metaDescription,
      keywords: seo.keywords,
      ogImageId: String(photo.id),
      version: String(seo.version),
    });
    expect(await toastOf(meta.result)).toMatchObject({ description: "SEO settings updated successfully!" });
    seo = await readSeoSettings();
    expect(seo).toMatchObject({ ogImageId: photo.id, logoImageId: null });

    const schema = await form(seoAdmin, "/admin/seo?tab=schema", {
      intent: "schema",
      organizationName: seo.organizationName,
      websiteUrl: seo.websiteUrl,
      logoUrl: "https://cdn.example.com/logo.png",
      logoImageId: String(badge.id),
      contactEmail: seo.contactEmail,
      socialUrls: seo.socialUrls.join("\n"),
      version: String(seo.version),
    });
    expect(schema.status).toBe(302);
    expect(await readSeoSettings()).toMatchObject({ ogImageId: photo.id, logoImageId: badge.id, logoUrl: "https://cdn.example.com/logo.png" });

    const doomed = await upload(await jpeg(500, "#ca8a04"), "Gold field");
    expect((await deleteMedia(doomed.id, actor)).ok).toBe(true);
    seo = await readSeoSettings();
    const gone = await form(seoAdmin, "/admin/seo", {
      intent: "meta",
      pageTitle: seo.pageTitle,
      metaDescription: seo.metaDescription,
      keywords: seo.keywords,
      ogImageId: String(doomed.id),
      version: String(seo.version),
    });
    expect(gone.status).toBe(400);
    expect(body<AdminFormReply>(gone.result).result.error?.ogImageId).toEqual([MEDIA_CHOICE_MESSAGE]);
  });

  it("refuses to restore a version whose image was deleted since", async () => {
    const doomed = await upload(await jpeg(520, "#be185d"), "Pink field");
    await setSeo({ ogImageId: doomed.id });
    const kept = (await readSeoSettings()).version;
    await setSeo({ ogImageId: null });
    expect((await deleteMedia(doomed.id, actor)).ok).toBe(true);
    expect(await restoreSeoSettingsVersion(kept, actor)).toEqual({ ok: false, reason: "invalid", field: "ogImageId", message: MEDIA_CHOICE_MESSAGE });
  });
});

describe("Open Graph, Twitter and JSON-LD images", () => {
  afterAll(() => setSeo({ ogImageId: null, logoImageId: null, logoUrl: null }));

  it("without any image, keep the logo URL as og:image with a summary card, or no image at all", async () => {
    await setSeo({ ogImageId: null, logoImageId: null, logoUrl: null });
    expect(imageTags(await metaOf(aboutRoute, "/about"))).toEqual({
      image: undefined,
      width: undefined,
      height: undefined,
      alt: undefined,
      card: "summary",
      twitterImage: undefined,
    });
    await setSeo({ logoUrl: "https://cdn.example.com/logo.png" });
    expect(imageTags(await metaOf(aboutRoute, "/about"))).toMatchObject({ image: "https://cdn.example.com/logo.png", width: undefined, card: "summary" });
  });

  it("give every page the default sharing image, absolute, as JPEG at 1600 wide with its size and alt text", async () => {
    await setSeo({ ogImageId: photo.id });
    const stored = photo.variants.find((variant) => variant.width === 1600 && variant.format === "jpeg")!;
    const expected = {
      image: shareUrl(photo, 1600, "jpg"),
      width: "1600",
      height: String(stored.height),
      alt: "Trading floor at dawn",
      card: "summary_large_image",
      twitterImage: shareUrl(photo, 1600, "jpg"),
    };
    expect(imageTags(await metaOf(aboutRoute, "/about"))).toEqual(expected);
    // A post without a cover shares the default too.
    const plain = await created();
    expect(imageTags(await metaOf(postRoute, `/newsroom/${plain.slug}`, { slug: plain.slug }))).toEqual(expected);
    // The address answers with a JPEG.
    expect(new URL(expected.image).pathname).toMatch(/^\/media\/[0-9a-f]{32}\/1600\.jpg$/);
  });

  it("give a post its cover (PNG when the image has transparency) in its tags and its NewsArticle", async () => {
    await setSeo({ ogImageId: photo.id });
    const post = await created({ coverImageId: badge.id });
    const tags = await metaOf(postRoute, `/newsroom/${post.slug}`, { slug: post.slug });
    expect(imageTags(tags)).toEqual({
      image: shareUrl(badge, 400, "png"),
      width: "400",
      height: "400",
      alt: "Kestrel Insight logo",
      card: "summary_large_image",
      twitterImage: shareUrl(badge, 400, "png"),
    });
    const page = body<{ jsonLd: { "@graph": Record<string, unknown>[] }; post: { cover: { hash: string; alt: string } | null } }>(
      await postRoute.loader({ request: new Request(`${SITE}/newsroom/${post.slug}`), params: { slug: post.slug }, context: { cspNonce: "", clientAddress: "203.0.113.9", peerAddress: "127.0.0.1" } }),
    );
    expect(page.post.cover).toMatchObject({ hash: badge.hash, alt: "Kestrel Insight logo", width: 400, height: 400 });
    expect(page.jsonLd["@graph"].find((node) => node["@type"] === "NewsArticle")?.image).toBe(shareUrl(badge, 400, "png"));
  });

  it("follow an alt text edit at once", async () => {
    const post = await created({ coverImageId: photo.id });
    const renamed = await updateMediaAlt(photo.id, "Trading floor at sunrise", actor);
    expect(renamed.ok).toBe(true);
    try {
      expect(tag(await metaOf(postRoute, `/newsroom/${post.slug}`, { slug: post.slug }), "property", "og:image:alt")).toBe("Trading floor at sunrise");
    } finally {
      await updateMediaAlt(photo.id, "Trading floor at dawn", actor);
    }
  });

  it("name the library logo as the Organization's logo, else the Logo URL", async () => {
    const organization = async () => {
      const { site } = body<{ site: SiteSeo }>(await layoutRoute.loader({ request: new Request(`${SITE}/about`), params: {}, context: { cspNonce: "", clientAddress: "203.0.113.9", peerAddress: "127.0.0.1" } }));
      return structuredData(site, { path: "/about", label: "About", title: "About", description: "" })["@graph"].find((node) => node["@type"] === "Organization");
    };
    await setSeo({ logoUrl: "https://cdn.example.com/logo.png", logoImageId: badge.id });
    expect((await organization())?.logo).toBe(shareUrl(badge, 400, "png"));
    await setSeo({ logoImageId: null });
    expect((await organization())?.logo).toBe("https://cdn.example.com/logo.png");
  });

});

describe("the public pages as served", () => {
  let server: RunningServer;
  let jar: CookieJar;
  let site: string;

  beforeAll(async () => {
    server = await startServer();
    site = `http://localhost:${server.port}`;
    jar = await signInOverHttp(site);
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function uploadOverHttp(bytes: Buffer, alt: string): Promise<{ id: number }> {
    const data = new FormData();
    data.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "cover.jpg");
    data.append("alt", alt);
    const answer = await jar.fetch(`${site}/api/admin/media`, { method: "POST", headers: { Origin: site }, body: data });
    expect(answer.status, await answer.clone().text()).toBe(201);
    return (await answer.json()) as { id: number };
  }

  const writeJson = (path: string, method: string, json: unknown) =>
    jar.fetch(`${site}${path}`, { method, headers: { Origin: site, "Content-Type": "application/json" }, body: JSON.stringify(json) });

  const ogImage = (html: string) => /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];

  it("show the cover above the post, fetched first, with srcset, sizes and its size", async () => {
    const cover = await uploadOverHttp(await jpeg(1800, "#0f766e"), "Analysts reviewing a chart");
    const slug = unique("served");
    const made = await writeJson("/api/admin/posts", "POST", { title: "Served cover", slug, summary: "Summary.", body: "Body.", category: "news", status: "published", coverImageId: cover.id });
    expect(made.status).toBe(201);

    const html = await (await fetch(`${site}/newsroom/${slug}`)).text();
    const img = /<img [^>]*alt="Analysts reviewing a chart"[^>]*>/.exec(html)?.[0];
    expect(img).toBeDefined();
    // HTML attribute names are case-insensitive: React writes srcSet.
    expect(img).toMatch(/srcset="\/media\/([0-9a-f]{32})\/480 480w, \/media\/\1\/960 960w, \/media\/\1\/1600 1600w"/i);
    expect(img).toMatch(/sizes="[^"]+"/);
    expect(img).toContain('width="1800"');
    expect(img).toContain('height="1200"');
    expect(img).toContain('fetchpriority="high"');
    expect(img).toContain('loading="eager"');
    // Before the article's text.
    expect(html.indexOf(img!)).toBeLessThan(html.indexOf("Body."));
    expect(ogImage(html)).toMatch(new RegExp(`^${site}/media/[0-9a-f]{32}/1600\\.jpg$`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');

    const served = await fetch(ogImage(html)!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("change a cached page's og:image when the default sharing image is set, and its alt text with the image's", async () => {
    // The first visit stores the page in the page cache.
    expect(ogImage(await (await fetch(`${site}/about`)).text())).toBeUndefined();
    expect(ogImage(await (await fetch(`${site}/about`)).text())).toBeUndefined();
    const image = await uploadOverHttp(await jpeg(1000, "#1e3a8a"), "Kestrel Insight office");
    const settings = (await (await jar.fetch(`${site}/api/seo-settings`)).json()) as Record<string, unknown>;
    const { version: _version, ...fields } = settings;
    expect((await writeJson("/api/admin/seo-settings", "PUT", { ...fields, ogImageId: image.id })).status).toBe(200);
    const after = await (await fetch(`${site}/about`)).text();
    expect(ogImage(after)).toMatch(new RegExp(`^${site}/media/[0-9a-f]{32}/1000\\.jpg$`));
    expect(after).toContain('<meta property="og:image:alt" content="Kestrel Insight office"/>');

    const renamed = await writeJson(`/api/admin/media/${image.id}`, "PUT", { alt: "Kestrel Insight's London office" });
    expect(renamed.status).toBe(200);
    expect(await (await fetch(`${site}/about`)).text()).toContain('<meta property="og:image:alt" content="Kestrel Insight&#x27;s London office"/>');
  });
});
