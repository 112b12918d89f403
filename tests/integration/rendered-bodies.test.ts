import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { posts, roles, trash } from "~db/schema";
import { contentChanged } from "~/models/content-cache.server";
import {
  createPost,
  deletePost,
  getPost,
  restorePostFromTrash,
  restorePostVersion,
  updatePost,
  type PostWrite,
} from "~/models/posts.server";
import { renderedWith, renderStaleBodies } from "~/models/rendered-bodies.server";
import {
  createRole,
  deleteRole,
  getRole,
  restoreRoleFromTrash,
  restoreRoleVersion,
  updateRole,
  type RoleWrite,
} from "~/models/roles.server";
import * as postRoute from "~/routes/_site.newsroom_.$slug";
import * as careersRoute from "~/routes/_site.careers";
import * as roleRoute from "~/routes/_site.careers_.$slug";
import { getConfig } from "~/server/config.server";
import { settle, testContext } from "../helpers/route-result";

/**
 * A post's or role's Markdown is rendered once, when it is written, through every write path (create,
 * update, a restored version, a return from the trash, rows from before at start), and the pages show
 * the stored HTML: a view never renders Markdown (issue 33, item 4).
 */

const actor = { userId: null, email: "render@kestrelinsight.example" };
const ORIGIN = "http://localhost:3000";

const get = (path: string, params: Record<string, string> = {}) => ({
  request: new Request(`${ORIGIN}${path}`),
  context: testContext,
  params,
});

function post(fields: Partial<PostWrite> & Pick<PostWrite, "title" | "slug">): PostWrite {
  return {
    summary: `Summary of ${fields.title}.`,
    body: `## First\n\nBody of ${fields.title}.`,
    category: "news",
    status: "published",
    publishAt: null,
    ...fields,
  };
}

const role: RoleWrite = {
  title: "Data Engineer",
  slug: "data-engineer-render",
  team: "Platform",
  location: "London",
  employmentType: "full_time",
  summary: "Build the pipelines.",
  body: "## What you will do\n\nMove **data**.",
  status: "published",
  publishAt: null,
  closesAt: null,
  displayOrder: 95,
};

async function ok<T>(result: Promise<{ ok: true; record: T } | { ok: false }>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new Error(`write refused: ${JSON.stringify(settled)}`);
  return settled.record;
}

describe("a post's rendered body", () => {
  it("is stored at every write: create, update, a restored version and a return from the trash", async () => {
    const created = await ok(createPost(post({ title: "Rendered once", slug: "rendered-once" }), actor));
    expect(created.bodyHtml).toBe('<h2 id="first">First</h2>\n<p>Body of Rendered once.</p>\n');
    expect(created.bodyText).toBe("Summary of Rendered once. First Body of Rendered once.");
    // Search's copy ends the heading as a sentence, so an extract does not run it into the text (issue 38).
    expect(created.searchExcerpt).toBe("Summary of Rendered once. First. Body of Rendered once.");
    expect(created.renderedWith).toBe(renderedWith());

    const updated = await ok(
      updatePost(
        created.id,
        post({ title: "Rendered once", slug: "rendered-once", body: "## Second {#main}" }),
        actor,
      ),
    );
    // The layout's own id is never a heading's.
    expect(updated.bodyHtml).toBe('<h2 id="second">Second</h2>\n');

    const restored = await ok(restorePostVersion(created.id, created.version, actor));
    expect(restored.bodyHtml).toBe(created.bodyHtml);

    await ok(deletePost(created.id, actor));
    const [trashed] = await getDb()
      .select({ values: trash.values })
      .from(trash)
      .where(and(eq(trash.collection, "posts"), eq(trash.recordId, created.id)));
    // The trash keeps the operator's content; the HTML is made again on the way back.
    expect(trashed?.values).toMatchObject({ body: "## First\n\nBody of Rendered once." });
    expect(Object.keys(trashed?.values as object)).not.toContain("bodyHtml");
    const back = await ok(restorePostFromTrash(created.id, actor));
    expect(back.bodyHtml).toBe(created.bodyHtml);
    expect(back.renderedWith).toBe(renderedWith());
  });

  it("is what the post's page shows: the page reads the stored HTML and renders no Markdown", async () => {
    const created = await ok(
      createPost(post({ title: "Stored HTML shown", slug: "stored-html-shown" }), actor),
    );
    // Changed behind the model's back: the page shows what is stored, so it did not render the body.
    await getDb().update(posts).set({ bodyHtml: "<p>The stored HTML.</p>" }).where(eq(posts.id, created.id));
    await contentChanged();
    const page = await settle(() =>
      postRoute.loader(get("/newsroom/stored-html-shown", { slug: "stored-html-shown" })),
    );
    expect(page.status).toBe(200);
    expect((page.body as { post: { html: string } }).post.html).toBe("<p>The stored HTML.</p>");
  });

  it("is sent once: a whole page carries it in its markup, not again in its data; a link's data carries it", async () => {
    await ok(createPost(post({ title: "Sent once", slug: "sent-once" }), actor));
    const markupOnly = new Map<string, string>();
    const asDocument = { ...get("/newsroom/sent-once", { slug: "sent-once" }), context: { ...testContext, markupOnly } };
    const whole = await settle(() => postRoute.loader(asDocument));
    expect((whole.body as { post: { html: string | null } }).post.html).toBeNull();
    expect(markupOnly.get("post")).toContain("Body of Sent once.");
    // A client-side navigation (a data request has no markupOnly) needs the body in the data.
    const data = await settle(() => postRoute.loader(get("/newsroom/sent-once", { slug: "sent-once" })));
    expect((data.body as { post: { html: string } }).post.html).toContain("Body of Sent once.");
  });

  it("of 20,000 headings is saved and shown with 20,000 different ids", async () => {
    const created = await ok(
      createPost(
        post({ title: "Many headings", slug: "many-headings-render", body: "# a\n".repeat(20_000) }),
        actor,
      ),
    );
    const page = await settle(() =>
      postRoute.loader(get("/newsroom/many-headings-render", { slug: "many-headings-render" })),
    );
    const html = (page.body as { post: { html: string } }).post.html;
    const ids = [...html.matchAll(/id="([^"]*)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(20_000);
    expect(ids.at(-1)).toBe("a-20000");
    expect(created.searchExcerpt.length).toBeLessThanOrEqual(2000);
  });

  it("is made at start for rows stored without it, or made by another renderer version", async () => {
    const created = await ok(createPost(post({ title: "From before", slug: "from-before" }), actor));
    await getDb()
      .update(posts)
      .set({ bodyHtml: "", bodyText: "", searchExcerpt: "", renderedWith: null })
      .where(eq(posts.id, created.id));
    const other = await ok(createRole({ ...role, slug: "role-from-before" }, actor));
    await getDb()
      .update(roles)
      .set({ renderedWith: "v0 http://localhost:3000" })
      .where(eq(roles.id, other.id));

    const done = await renderStaleBodies(getDb(), getConfig().publicUrl.origin);
    expect(done.posts).toBeGreaterThanOrEqual(1);
    expect(done.roles).toBeGreaterThanOrEqual(1);
    expect((await getPost(created.id))?.bodyHtml).toBe(created.bodyHtml);
    expect((await getPost(created.id))?.searchExcerpt).toBe(created.searchExcerpt);
    expect((await getRole(other.id))?.renderedWith).toBe(renderedWith());
    expect(await renderStaleBodies(getDb(), getConfig().publicUrl.origin)).toEqual({ posts: 0, roles: 0 });
  });
});

describe("a role's rendered body", () => {
  it("is stored for its page and its card at every write, and both pages show the stored HTML", async () => {
    const created = await ok(createRole(role, actor));
    expect(created.bodyHtml).toBe(
      '<h2 id="what-you-will-do">What you will do</h2>\n<p>Move <strong>data</strong>.</p>\n',
    );
    expect(created.cardHtml).toBe(
      '<h4 id="data-engineer-render-what-you-will-do">What you will do</h4>\n<p>Move <strong>data</strong>.</p>\n',
    );
    expect(created.bodyText).toBe("Build the pipelines. What you will do Move data.");

    const renamed = await ok(
      updateRole(created.id, { ...role, slug: "data-engineer-renamed", body: "## Title" }, actor),
    );
    // The card's heading never takes the id of the card's own title.
    expect(renamed.cardHtml).toBe('<h4 id="data-engineer-renamed-title-2">Title</h4>\n');
    const restored = await ok(restoreRoleVersion(created.id, created.version, actor));
    expect(restored.cardHtml).toBe(created.cardHtml);
    await ok(deleteRole(created.id, actor));
    const back = await ok(restoreRoleFromTrash(created.id, actor));
    expect(back.bodyHtml).toBe(created.bodyHtml);

    await getDb()
      .update(roles)
      .set({ bodyHtml: "<p>Page HTML.</p>", cardHtml: "<p>Card HTML.</p>", bodyText: "Stored words." })
      .where(eq(roles.id, created.id));
    await contentChanged();
    const page = await settle(() => roleRoute.loader(get(`/careers/${role.slug}`, { slug: role.slug })));
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).toContain("<p>Page HTML.</p>");
    expect(JSON.stringify(page.body)).toContain("Stored words.");
    const careers = await settle(() => careersRoute.loader());
    expect(JSON.stringify(careers.body)).toContain("<p>Card HTML.</p>");
  });
});
