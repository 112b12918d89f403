import { describe, expect, it } from "vitest";
import { legalDocumentSchema, LEGAL_MESSAGES } from "~/schemas/legal-document";
import { POST_MESSAGES, postSchema } from "~/schemas/post";
import { PUBLICATION_MESSAGES } from "~/schemas/publication";
import { ROLE_MESSAGES, roleSchema } from "~/schemas/role";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

const post = { title: "Quarterly accuracy report", summary: "Figures.", body: "Text.", category: "news" };

describe("the post editor's rules", () => {
  it("names every missing field", () => {
    expect(messages(postSchema.safeParse({}))).toEqual({
      title: POST_MESSAGES.titleRequired,
      summary: POST_MESSAGES.summaryRequired,
      body: POST_MESSAGES.bodyRequired,
      category: POST_MESSAGES.category,
    });
  });

  it("makes the slug from the title when none is given, and keeps one that is", () => {
    expect(postSchema.parse({ ...post, slug: "" }).slug).toBe("quarterly-accuracy-report");
    expect(postSchema.parse({ ...post, title: "Q3 & outlook: 2026!" }).slug).toBe("q3-and-outlook-2026");
    expect(postSchema.parse({ ...post, slug: "q3" }).slug).toBe("q3");
  });

  it("refuses a slug that is not lowercase letters, digits and single hyphens", () => {
    for (const slug of ["Q3", "q3--x", "-q3", "q3 x", "q3/x", "../admin"]) {
      expect(messages(postSchema.safeParse({ ...post, slug }))).toEqual({ slug: PUBLICATION_MESSAGES.slugFormat });
    }
    expect(messages(postSchema.safeParse({ ...post, title: "!!!" }))).toEqual({ slug: PUBLICATION_MESSAGES.slugFromTitle });
  });

  it("reads the form's Publish at as London time and the API's as ISO 8601 with a zone", () => {
    expect(postSchema.parse({ ...post, publishAt: "2026-07-01T09:30" }).publishAt?.toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(postSchema.parse({ ...post, publishAt: "2026-07-01T09:30:00+01:00" }).publishAt?.toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(postSchema.parse({ ...post, publishAt: "" }).publishAt).toBeNull();
    expect(messages(postSchema.safeParse({ ...post, publishAt: "next Tuesday" }))).toEqual({ publishAt: PUBLICATION_MESSAGES.dateTime });
  });

  it("takes the button pressed as the status, a draft by default", () => {
    expect(postSchema.parse(post).status).toBe("draft");
    expect(postSchema.parse({ ...post, status: "published" }).status).toBe("published");
    expect(messages(postSchema.safeParse({ ...post, status: "live" }))).toEqual({ status: PUBLICATION_MESSAGES.status });
  });
});

describe("the role editor's rules", () => {
  const role = { title: "Data Engineer", team: "Data", location: "London", employmentType: "contract", summary: "S.", body: "B." };

  it("names every missing field", () => {
    expect(messages(roleSchema.safeParse({}))).toMatchObject({
      title: ROLE_MESSAGES.titleRequired,
      team: ROLE_MESSAGES.teamRequired,
      location: ROLE_MESSAGES.locationRequired,
      employmentType: ROLE_MESSAGES.employmentType,
      summary: ROLE_MESSAGES.summaryRequired,
      body: ROLE_MESSAGES.bodyRequired,
    });
  });

  it("refuses a closing time that is not after the publication time", () => {
    const result = roleSchema.safeParse({ ...role, publishAt: "2026-12-01T09:00", closesAt: "2026-12-01T09:00" });
    expect(messages(result)).toEqual({ closesAt: ROLE_MESSAGES.closesBeforePublish });
    expect(roleSchema.parse({ ...role, closesAt: "2026-12-31T17:00" }).closesAt?.toISOString()).toBe("2026-12-31T17:00:00.000Z");
  });
});

describe("a new version of a legal document", () => {
  it("needs a body, a real effective date and a change summary", () => {
    expect(messages(legalDocumentSchema.safeParse({ effectiveDate: "2026-02-30" }))).toEqual({
      body: LEGAL_MESSAGES.bodyRequired,
      effectiveDate: LEGAL_MESSAGES.effectiveDate,
      changeSummary: LEGAL_MESSAGES.changeSummaryRequired,
    });
    expect(legalDocumentSchema.parse({ body: "## A", effectiveDate: "2026-12-01", changeSummary: "Clearer." })).toEqual({
      body: "## A",
      effectiveDate: "2026-12-01",
      changeSummary: "Clearer.",
    });
  });
});
