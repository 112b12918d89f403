import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { COVER_UPLOAD_FIELDS, COVER_UPLOAD_INTENT, COVER_UPLOADED_MESSAGE, type CoverUploadAnswer } from "~/components/admin/cover-upload";
import type { MarkdownPreviewView } from "~/components/admin/publishing/markdown-preview";
import { getMedia } from "~/models/media.server";
import { createPost, getPost } from "~/models/posts.server";
import { getRole } from "~/models/roles.server";
import * as preview from "~/routes/api.admin.markdown.preview";
import * as roleEdit from "~/routes/admin.careers_.$id.edit";
import * as postEdit from "~/routes/admin.news_.$id.edit";
import * as postNew from "~/routes/admin.news_.new";
import { createRole } from "~/models/roles.server";
import { uploadImage } from "~/server/media/upload.server";
import { readToast } from "~/server/forms/toast.server";
import { call, invoke, jsonOf, operatorCookie, SITE } from "../helpers/api-client";

/**
 * The post and role editors' tools (issue 38's operator friction): the Markdown preview (the JSON route and
 * the no-JavaScript Preview button), Publish now for a scheduled record, the cover picker's upload, and
 * library images in a body saved with their width and height.
 */

let admin: string;
let approver: string;
beforeAll(async () => {
  admin = await operatorCookie("admin@kestrelinsight.example");
  approver = await operatorCookie(`approver-${Date.now()}@ops.kestrelinsight.example`, "approver");
});

const ACTOR = { userId: null, email: "admin@kestrelinsight.example" };
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

async function redirected(result: unknown) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(body(result))}`);
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))?.split(";")[0];
  const { toast } = await readToast(new Request(SITE, { headers: cookie ? { Cookie: cookie } : {} }));
  return { location: result.headers.get("Location"), toast };
}

async function photo(width: number, height: number): Promise<Buffer> {
  const channel = () => Math.floor(Math.random() * 256);
  return sharp({ create: { width, height, channels: 3, background: { r: channel(), g: channel(), b: channel() } } })
    .jpeg()
    .toBuffer();
}

async function libraryImage(width: number, height: number, alt = "A test image") {
  const bytes = await photo(width, height);
  const outcome = await uploadImage(new File([new Uint8Array(bytes)], "test.jpg", { type: "image/jpeg" }), alt, ACTOR);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.record;
}

async function draftPost(fields: Partial<{ body: string; publishAt: Date | null; status: "draft" | "published" }> = {}) {
  const outcome = await createPost(
    {
      title: unique("Editor tools"),
      slug: unique("editor-tools"),
      summary: "A post for the editor's tools.",
      body: fields.body ?? "## Heading\n\nText.",
      category: "news",
      status: fields.status ?? "draft",
      publishAt: fields.publishAt ?? null,
      financialPromotion: false,
    } as never,
    ACTOR,
  );
  if (!outcome.ok) throw new Error("post not created");
  return outcome.record;
}

const editFields = (post: { title: string; slug: string; summary: string; version: number }, extra: Record<string, string> = {}) => ({
  intent: "save",
  title: post.title,
  slug: post.slug,
  summary: post.summary,
  body: "## Typed\n\n| A | B |\n| - | - |\n| 1 | 2 |",
  category: "news",
  publishAt: "",
  coverImageId: "",
  financialPromotion: "off",
  authorName: "",
  version: String(post.version),
  ...extra,
});

describe("the Markdown preview route", () => {
  it("renders a post's body as its page does, with the headings that skip a level; nothing is stored", async () => {
    const response = await call(preview, "/api/admin/markdown/preview", {
      method: "POST",
      cookie: admin,
      json: { kind: "post", body: "# Top\n\n### Skipped\n\n**bold** [x](https://example.com)" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    const answer = await jsonOf<MarkdownPreviewView>(response);
    expect(answer.html).toContain('<h2 id="preview-top">Top</h2>');
    expect(answer.html).toContain("<strong>bold</strong>");
    expect(answer.html).toContain('rel="noopener noreferrer external"');
    expect(answer.headingSkips).toEqual(['"### Skipped" follows a level-1 heading']);
  });

  it("gives a role's body its page's heading levels", async () => {
    const answer = await jsonOf<MarkdownPreviewView>(
      await call(preview, "/api/admin/markdown/preview", { method: "POST", cookie: admin, json: { kind: "role", body: "### About" } }),
    );
    expect(answer.html).toContain('<h2 id="preview-about">About</h2>');
  });

  it("is for signed-in writers only, takes JSON only, and refuses a body past the editors' limit or an unknown field", async () => {
    const json = { kind: "post", body: "x" };
    expect((await call(preview, "/api/admin/markdown/preview", { method: "POST", json })).status).toBe(401);
    expect((await call(preview, "/api/admin/markdown/preview", { method: "POST", cookie: approver, json })).status).toBe(403);
    expect((await call(preview, "/api/admin/markdown/preview", { cookie: admin })).status).toBe(405);
    expect(
      (await call(preview, "/api/admin/markdown/preview", { method: "POST", cookie: admin, body: "kind=post", headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status,
    ).toBe(415);
    const long = await call(preview, "/api/admin/markdown/preview", { method: "POST", cookie: admin, json: { kind: "post", body: "x".repeat(100_001) } });
    expect(long.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(long)).errors.body).toBeDefined();
    const unknown = await call(preview, "/api/admin/markdown/preview", { method: "POST", cookie: admin, json: { ...json, html: "<b>" } });
    expect(unknown.status).toBe(400);
  });
});

describe("the editor's Preview button (without JavaScript)", () => {
  it("answers with the form as typed and the body rendered, and saves nothing", async () => {
    const post = await draftPost();
    const fields = { ...editFields(post, { summary: "" }), intent: "save" };
    const form = new URLSearchParams(fields);
    form.append("intent", "preview");
    const { status, result } = await invoke(postEdit, `/admin/news/${post.id}/edit`, { method: "POST", cookie: admin, params: { id: String(post.id) }, body: form });
    expect(status).toBe(200);
    const answer = body<AdminFormReply & { preview: MarkdownPreviewView }>(result);
    // The summary left blank is not refused: nothing is being saved.
    expect(answer.result.error ?? {}).toEqual({});
    expect(answer.result.initialValue).toMatchObject({ body: fields.body, summary: "", version: String(post.version) });
    expect(answer.preview.html).toContain('class="md-scroll" tabindex="0" role="region" aria-label="Table 1"');
    expect(await getPost(post.id)).toMatchObject({ version: post.version, body: post.body, summary: post.summary });
  });

  it("works on a new post too", async () => {
    const form = new URLSearchParams({ intent: "save", title: "", body: "Some *text*" });
    form.append("intent", "preview");
    const { status, result } = await invoke(postNew, "/admin/news/new", { method: "POST", cookie: admin, body: form });
    expect(status).toBe(200);
    expect(body<{ preview: MarkdownPreviewView }>(result).preview.html).toBe("<p>Some <em>text</em></p>\n");
  });
});

describe("Publish now", () => {
  it("publishes a scheduled post as it is saved, now, over the version the confirmation showed", async () => {
    const post = await draftPost({ status: "published", publishAt: new Date(Date.now() + 7 * 86_400_000) });
    const { status: loaded, result } = await invoke(postEdit, `/admin/news/${post.id}/edit`, { cookie: admin, params: { id: String(post.id) }, search: "?confirm=publish-now" });
    expect(loaded).toBe(200);
    expect(body<{ status: { state: string } }>(result).status.state).toBe("scheduled");

    const answer = await invoke(postEdit, `/admin/news/${post.id}/edit`, {
      method: "POST",
      cookie: admin,
      params: { id: String(post.id) },
      body: new URLSearchParams({ intent: "publish-now", version: String(post.version) }),
    });
    expect(await redirected(answer.result)).toEqual({
      location: `/admin/news/${post.id}/edit`,
      toast: { title: "Success", description: "Post published successfully!" },
    });
    const now = await getPost(post.id);
    expect(now).toMatchObject({ status: "published", publishAt: null, title: post.title, body: post.body, version: post.version + 1 });
    expect(now!.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("refuses a stale confirmation: nothing changes", async () => {
    const post = await draftPost({ status: "published", publishAt: new Date(Date.now() + 86_400_000) });
    const answer = await invoke(postEdit, `/admin/news/${post.id}/edit`, {
      method: "POST",
      cookie: admin,
      params: { id: String(post.id) },
      body: new URLSearchParams({ intent: "publish-now", version: String(post.version - 1 || 99) }),
    });
    expect(answer.status).toBe(409);
    expect((await getPost(post.id))!.version).toBe(post.version);
  });

  it("publishes a scheduled role now", async () => {
    const outcome = await createRole(
      {
        title: unique("Analyst"),
        slug: unique("analyst"),
        team: "Research",
        location: "London",
        employmentType: "full_time",
        summary: "A role.",
        body: "## About\n\nText.",
        status: "published",
        publishAt: new Date(Date.now() + 86_400_000),
        closesAt: null,
        displayOrder: 90,
        financialPromotion: false,
      } as never,
      ACTOR,
    );
    if (!outcome.ok) throw new Error("role not created");
    const role = outcome.record;
    const answer = await invoke(roleEdit, `/admin/careers/${role.id}/edit`, {
      method: "POST",
      cookie: admin,
      params: { id: String(role.id) },
      body: new URLSearchParams({ intent: "publish-now", version: String(role.version) }),
    });
    expect((await redirected(answer.result)).toast).toEqual({ title: "Success", description: "Role published successfully!" });
    expect(await getRole(role.id)).toMatchObject({ status: "published", publishAt: null, displayOrder: 90 });
  });
});

describe("the cover picker's upload", () => {
  it("adds the image to the library and chooses it as the cover, with everything typed kept and nothing saved", async () => {
    const post = await draftPost();
    const form = new FormData();
    for (const [name, value] of Object.entries(editFields(post, { title: "Typed title, not saved" }))) form.append(name, value);
    form.append("intent", COVER_UPLOAD_INTENT);
    form.append(COVER_UPLOAD_FIELDS.file, new File([new Uint8Array(await photo(1600, 900))], "cover.jpg", { type: "image/jpeg" }));
    form.append(COVER_UPLOAD_FIELDS.alt, "A harbour at dawn");
    const { status, result } = await invoke(postEdit, `/admin/news/${post.id}/edit`, { method: "POST", cookie: admin, params: { id: String(post.id) }, body: form });
    expect(status).toBe(200);
    const answer = body<AdminFormReply & { upload: CoverUploadAnswer }>(result);
    expect(answer.toast).toEqual({ title: "Success", description: COVER_UPLOADED_MESSAGE });
    const id = answer.upload.uploadedId!;
    expect(await getMedia(id)).toMatchObject({ alt: "A harbour at dawn", width: 1600, height: 900 });
    expect(answer.result.initialValue).toMatchObject({ title: "Typed title, not saved", coverImageId: String(id) });
    // A multipart body carries line breaks as CRLF, as browsers send them.
    expect(String((answer.result.initialValue as { body: string }).body).replace(/\r\n/g, "\n")).toBe(editFields(post).body);
    expect(answer.result.initialValue).not.toHaveProperty(COVER_UPLOAD_FIELDS.alt);
    expect(await getPost(post.id)).toMatchObject({ title: post.title, coverImageId: null, version: post.version });

    // The editor's loader offers the new image, so the choice shows.
    const loaded = body<{ media: { images: { id: number }[] } }>((await invoke(postEdit, `/admin/news/${post.id}/edit`, { cookie: admin, params: { id: String(post.id) } })).result);
    expect(loaded.media.images.map((image) => image.id)).toContain(id);
  });

  it("says what is missing under the picker's fields, keeping the text and the alt text typed", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", title: "New and unsaved", body: "Draft text" })) form.append(name, value);
    form.append("intent", COVER_UPLOAD_INTENT);
    form.append(COVER_UPLOAD_FIELDS.file, new File([], "", { type: "application/octet-stream" }));
    form.append(COVER_UPLOAD_FIELDS.alt, "Typed alt");
    const { status, result } = await invoke(postNew, "/admin/news/new", { method: "POST", cookie: admin, body: form });
    expect(status).toBe(400);
    const answer = body<AdminFormReply & { upload: CoverUploadAnswer }>(result);
    expect(answer.upload).toEqual({ errors: { file: ["Choose an image to upload"] }, alt: "Typed alt", uploadedId: null });
    expect(answer.result.initialValue).toMatchObject({ title: "New and unsaved", body: "Draft text" });

    const notImage = new FormData();
    notImage.append("intent", "save");
    notImage.append("intent", COVER_UPLOAD_INTENT);
    notImage.append(COVER_UPLOAD_FIELDS.file, new File(["hello"], "notes.txt", { type: "text/plain" }));
    notImage.append(COVER_UPLOAD_FIELDS.alt, "x");
    const refused = await invoke(postNew, "/admin/news/new", { method: "POST", cookie: admin, body: notImage });
    expect(refused.status).toBe(415);
  });

  it("is a writer's: an approver is refused", async () => {
    const form = new FormData();
    form.append("intent", COVER_UPLOAD_INTENT);
    const { status } = await invoke(postNew, "/admin/news/new", { method: "POST", cookie: approver, body: form });
    expect(status).toBe(403);
  });
});

describe("library images in a body", () => {
  it("are saved with their width and height (and lazy); an external image gets neither", async () => {
    const image = await libraryImage(1200, 800);
    const post = await draftPost({ body: `![Chart](/media/${image.hash}/600)\n\n![Elsewhere](https://example.com/a.png)` });
    const html = (await getPost(post.id))!.bodyHtml;
    expect(html).toContain(`<img src="/media/${image.hash}/600" alt="Chart" width="600" height="400" loading="lazy" decoding="async">`);
    expect(html).toContain('<img src="https://example.com/a.png" alt="Elsewhere" loading="lazy" decoding="async">');
    const answer = await jsonOf<MarkdownPreviewView>(
      await call(preview, "/api/admin/markdown/preview", { method: "POST", cookie: admin, json: { kind: "post", body: `![Chart](/media/${image.hash}/300)` } }),
    );
    expect(answer.html).toContain('width="300" height="200"');
  });
});
