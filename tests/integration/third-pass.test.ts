import { describe, expect, it } from "vitest";
import { getContactMessage, saveContactMessage } from "~/models/contact-messages.server";
import * as messageRoute from "~/routes/admin.messages.$id";
import { getPostBySlug } from "~/models/posts.server";
import * as postNew from "~/routes/admin.news_.new";
import * as postEdit from "~/routes/admin.news_.$id.edit";
import * as postPage from "~/routes/_site.newsroom_.$slug";
import { readToast } from "~/server/forms/toast.server";
import { searchSite } from "~/server/site/search.server";
import { invoke, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";

function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

async function toastOf(result: unknown) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(body(result))}`);
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))?.split(";")[0];
  return (await readToast(new Request(SITE, { headers: cookie ? { Cookie: cookie } : {} }))).toast;
}

const postForm = (route: RouteHandlers, path: string, cookie: string, fields: Record<string, string>, params = {}) =>
  invoke(route, path, { cookie, params, method: "POST", body: new URLSearchParams(fields) });

/** Issue 38, the third pass: what visitors and operators see. */

describe("opening a message (defect 4)", () => {
  it("marks an unread message read, once, and not when the browser only prefetches it", async () => {
    const message = await saveContactMessage({
      name: "Ada",
      email: "ada@example.com",
      subject: "Opened",
      message: "Opening me marks me read.",
    });
    const cookie = await operatorCookie();
    const open = (headers: Record<string, string> = {}) =>
      invoke(messageRoute, `/admin/messages/${message.id}`, { cookie, headers, params: { id: String(message.id) } });

    expect((await open({ "Sec-Purpose": "prefetch" })).status).toBe(200);
    expect((await getContactMessage(message.id))!.readAt).toBeNull();

    expect((await open()).status).toBe(200);
    const firstRead = (await getContactMessage(message.id))!.readAt;
    expect(firstRead).toBeInstanceOf(Date);

    // Idempotent: opening it again keeps the time it was first read.
    await open();
    expect((await getContactMessage(message.id))!.readAt).toEqual(firstRead);
  });

  it("signed out, opening changes nothing", async () => {
    const message = await saveContactMessage({ name: "Bo", email: "bo@example.com", subject: "Closed", message: "Still unread." });
    const { status } = await invoke(messageRoute, `/admin/messages/${message.id}`, { params: { id: String(message.id) } });
    expect(status).toBeGreaterThanOrEqual(300);
    expect((await getContactMessage(message.id))!.readAt).toBeNull();
  });
});

describe("a post's author (defect 6) and its headings (defect 1)", () => {
  it("shows the author typed as the byline, the newsroom's when blank, never the operator's name", async () => {
    const cookie = await operatorCookie();
    const slug = `byline-${Date.now()}`;
    const fields = {
      intent: "save",
      title: "A post with an author",
      slug,
      summary: "Who wrote it.",
      body: "# Top\n\n### Too deep\n\nText.",
      category: "news",
      publishAt: "",
      status: "published",
      authorName: "Grace Hopper",
    };
    const saved = await postForm(postNew, "/admin/news/new", cookie, fields);
    // The save goes ahead, and its message says which heading skips a level.
    expect(await toastOf(saved.result)).toMatchObject({
      description: 'Post published successfully! Check the headings: "### Too deep" follows a level-1 heading. A level is skipped; use one more # at a time.',
    });
    const record = (await getPostBySlug(slug))!;
    expect(record.authorName).toBe("Grace Hopper");
    const page = await invoke(postPage, `/newsroom/${slug}`, { params: { slug } });
    expect(body<{ post: { authorName: string } }>(page.result).post.authorName).toBe("Grace Hopper");

    // The editor shows it; cleared, the byline is the newsroom's again (shown as a blank field).
    const params = { id: String(record.id) };
    const editor = await invoke(postEdit, `/admin/news/${record.id}/edit`, { cookie, params });
    expect(body<{ post: { authorName: string } }>(editor.result).post.authorName).toBe("Grace Hopper");
    const cleared = await postForm(postEdit, `/admin/news/${record.id}/edit`, cookie, { ...fields, body: "## Fine\n\n### Also fine", authorName: "", version: String(record.version) }, params);
    expect(await toastOf(cleared.result)).toMatchObject({ description: "Post updated successfully!" });
    expect((await getPostBySlug(slug))!.authorName).toBe("Kestrel Insight Newsroom");
    const again = await invoke(postEdit, `/admin/news/${record.id}/edit`, { cookie, params });
    expect(body<{ post: { authorName: string } }>(again.result).post.authorName).toBe("");
  });
});

describe("search results (defect 7)", () => {
  it("lead to each address once, and never say a name three times running", async () => {
    for (const query of ["portfolio manager", "research", "platform"]) {
      const { items } = await searchSite(query, { size: 50 });
      expect(items.length, query).toBeGreaterThan(0);
      const urls = items.map((item) => item.url);
      expect(new Set(urls).size, query).toBe(urls.length);
      for (const item of items) {
        const extract = item.snippet.map((part) => part.text).join("");
        expect(extract, item.url).not.toMatch(/\b(\w+ \w+) \1 \1\b/i);
      }
    }
  });
});
