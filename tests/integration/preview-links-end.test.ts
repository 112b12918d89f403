import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "~/models/clock.server";
import { createPost, updatePost, type Post, type PostWrite } from "~/models/posts.server";
import { createPreviewLink } from "~/models/preview-links.server";
import { createRole, updateRole, type Role, type RoleWrite } from "~/models/roles.server";
import * as postRoute from "~/routes/_site.newsroom_.$slug";
import * as roleRoute from "~/routes/_site.careers_.$slug";
import { settle, testContext } from "../helpers/route-result";

/**
 * A preview link opens a record only while it has been a draft (or scheduled) without a break since the
 * link was made: a record that went live, by hand or by its schedule, and was then taken back is closed
 * to its old links. Time is moved with the model's clock, never waited for.
 */

const ORIGIN = "http://localhost:3000";
const alice = { userId: null, email: "alice@kestrelinsight.example" };
const START = new Date("2031-03-01T09:00:00Z");
const GOES_LIVE = new Date("2031-03-02T09:00:00Z");
const AFTER = new Date("2031-03-02T10:00:00Z");

afterEach(() => setClock(null));

type Page = { preview: { state: string } | null };

function visit(route: { loader: (args: never) => unknown }, path: string, slug: string, token: string) {
  const request = new Request(`${ORIGIN}${path}?preview=${token}`);
  return settle(() => route.loader({ request, context: testContext, params: { slug } } as never));
}

function postOf(slug: string, overrides: Partial<PostWrite> = {}): PostWrite {
  return {
    title: `Post ${slug}`,
    slug,
    summary: "A summary.",
    body: "A body.",
    category: "news",
    status: "published",
    publishAt: GOES_LIVE,
    ...overrides,
  };
}

function roleOf(slug: string, overrides: Partial<RoleWrite> = {}): RoleWrite {
  return {
    title: `Role ${slug}`,
    slug,
    team: "Data",
    location: "Remote (UK)",
    employmentType: "contract",
    summary: "A summary.",
    body: "A body.",
    status: "published",
    publishAt: GOES_LIVE,
    closesAt: null,
    displayOrder: 90,
    ...overrides,
  };
}

async function scheduledPost(slug: string): Promise<Post> {
  const made = await createPost(postOf(slug), alice);
  if (!made.ok) throw new Error(JSON.stringify(made));
  return made.record;
}

async function scheduledRole(slug: string, overrides: Partial<RoleWrite> = {}): Promise<Role> {
  const made = await createRole(roleOf(slug, overrides), alice);
  if (!made.ok) throw new Error(JSON.stringify(made));
  return made.record;
}

describe("a preview link after its record went live by schedule", () => {
  it("post: scheduled, live, back to draft: the old link no longer shows the draft", async () => {
    setClock(() => START);
    const post = await scheduledPost("preview-ends-post");
    const path = `/newsroom/${post.slug}`;
    const { token } = await createPreviewLink("post", post.id, alice);
    const scheduled = await visit(postRoute, path, post.slug, token);
    expect(scheduled.status).toBe(200);
    expect((scheduled.body as Page).preview?.state).toMatch(/^Scheduled for /);

    setClock(() => AFTER);
    const live = await visit(postRoute, path, post.slug, token);
    expect(live.status).toBe(200);
    expect((live.body as Page).preview).toBeNull();

    const draft = await updatePost(
      post.id,
      postOf(post.slug, { status: "draft", publishAt: null }),
      alice,
      post.version,
    );
    expect(draft.ok).toBe(true);
    expect((await visit(postRoute, path, post.slug, token)).status).toBe(404);

    // Scheduled again for later: still not open to the link made before it went live.
    if (!draft.ok) return;
    const later = new Date(AFTER.getTime() + 86_400_000);
    expect(
      (await updatePost(post.id, postOf(post.slug, { publishAt: later }), alice, draft.record.version)).ok,
    ).toBe(true);
    expect((await visit(postRoute, path, post.slug, token)).status).toBe(404);
  });

  it("post: a link made while it is a draft keeps working until it goes live", async () => {
    setClock(() => START);
    const post = await scheduledPost("preview-kept-post");
    const { token } = await createPreviewLink("post", post.id, alice);
    const edited = await updatePost(
      post.id,
      postOf(post.slug, { title: "Retitled", status: "draft", publishAt: null }),
      alice,
      post.version,
    );
    expect(edited.ok).toBe(true);
    const seen = await visit(postRoute, `/newsroom/${post.slug}`, post.slug, token);
    expect(seen.status).toBe(200);
    expect((seen.body as Page).preview?.state).toBe("Draft.");
  });

  it("role: scheduled, live, back to draft: the old link no longer shows the draft", async () => {
    setClock(() => START);
    const role = await scheduledRole("preview-ends-role");
    const path = `/careers/${role.slug}`;
    const { token } = await createPreviewLink("role", role.id, alice);
    expect((await visit(roleRoute, path, role.slug, token)).status).toBe(200);

    setClock(() => AFTER);
    const live = await visit(roleRoute, path, role.slug, token);
    expect(live.status).toBe(200);
    expect((live.body as Page).preview).toBeNull();

    expect(
      (
        await updateRole(
          role.id,
          roleOf(role.slug, { status: "draft", publishAt: null }),
          alice,
          role.version,
        )
      ).ok,
    ).toBe(true);
    expect((await visit(roleRoute, path, role.slug, token)).status).toBe(404);
  });

  it("role: once it has gone live and closed, the link opens nothing, nor after it is made a draft again", async () => {
    setClock(() => START);
    const closes = new Date(GOES_LIVE.getTime() + 30 * 60_000);
    const role = await scheduledRole("preview-closed-role", { closesAt: closes });
    const path = `/careers/${role.slug}`;
    const { token } = await createPreviewLink("role", role.id, alice);
    expect((await visit(roleRoute, path, role.slug, token)).status).toBe(200);

    setClock(() => AFTER);
    expect((await visit(roleRoute, path, role.slug, token)).status).toBe(404);
    expect(
      (
        await updateRole(
          role.id,
          roleOf(role.slug, { status: "draft", publishAt: null }),
          alice,
          role.version,
        )
      ).ok,
    ).toBe(true);
    expect((await visit(roleRoute, path, role.slug, token)).status).toBe(404);
  });
});
