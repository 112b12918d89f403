import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "~/models/clock.server";
import { currentLegalDocument, legalDocumentHistory, publishLegalVersion } from "~/models/legal-documents.server";
import { createPost, livePost, livePostsPage, updatePost, type PostWrite } from "~/models/posts.server";
import { createPreviewLink, resolvePreviewToken } from "~/models/preview-links.server";
import { redirectTable } from "~/models/redirects.server";
import { liveRoles } from "~/models/roles.server";

const alice = { userId: null, email: "alice@kestrelinsight.example" };

const draft: PostWrite = {
  title: "Quarterly accuracy report",
  slug: "quarterly-accuracy-report",
  summary: "Live accuracy figures for the quarter.",
  body: "## Results\n\nEvery model, good quarters and bad.",
  category: "research_note",
  status: "draft",
  publishAt: null,
};

afterEach(() => setClock(null));

describe("publishing models", () => {
  it("seeds today's newsroom, careers and legal copy", async () => {
    const first = await livePostsPage(1);
    expect(first?.total).toBe(13);
    expect(first?.items[0]?.title).toBe("Updated Privacy Policy, Terms of Service and Cookie Policy");
    expect((await liveRoles()).map((role) => role.title)).toEqual([
      "Full-Stack Engineer",
      "Machine Learning Engineer",
      "Product Designer",
      "Community & Growth Lead",
    ]);
    const privacy = await currentLegalDocument("privacy");
    expect(privacy).toMatchObject({ version: 1, effectiveDate: "2025-10-07", title: "Privacy Policy" });
    expect(privacy?.body).toContain("## Who we are {#who-we-are}");
  });

  it("a scheduled post appears by itself at its time, and a preview link ends when it does", async () => {
    const start = new Date("2030-01-01T09:00:00Z");
    setClock(() => start);
    const created = await createPost({ ...draft, status: "published", publishAt: new Date("2030-01-02T09:00:00Z") }, alice);
    if (!created.ok) throw new Error("create failed");
    expect(await livePost(draft.slug)).toBeNull();
    const { token } = await createPreviewLink("post", created.record.id, alice);
    expect(await resolvePreviewToken("post", token)).toBe(created.record.id);

    setClock(() => new Date("2030-01-02T09:00:01Z"));
    expect((await livePost(draft.slug))?.title).toBe(draft.title);
    expect((await livePostsPage(1))?.items[0]?.slug).toBe(draft.slug);
  });

  it("renaming a published post answers its old address with a 301 to the new one", async () => {
    const created = await createPost({ ...draft, slug: "rename-me", status: "published" }, alice);
    if (!created.ok) throw new Error("create failed");
    const renamed = await updatePost(created.record.id, { ...draft, slug: "renamed", status: "published" }, alice, created.record.version);
    expect(renamed.ok).toBe(true);
    expect((await redirectTable()).get("/newsroom/rename-me")).toMatchObject({ to: "/newsroom/renamed", statusCode: 301 });
  });

  it("a new legal version becomes current on its effective date", async () => {
    setClock(() => new Date("2031-03-01T10:00:00Z"));
    const created = await publishLegalVersion("terms", { body: "## New terms\n\nText.", effectiveDate: "2031-03-10", changeSummary: "Clearer renewal terms." }, alice);
    expect(created?.version).toBe(2);
    expect((await currentLegalDocument("terms"))?.version).toBe(1);
    setClock(() => new Date("2031-03-10T00:00:01Z"));
    expect((await currentLegalDocument("terms"))?.version).toBe(2);
    expect((await legalDocumentHistory("terms")).map((v) => v.version)).toEqual([2, 1]);
  });
});
