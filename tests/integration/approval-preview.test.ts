import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRegulatoryStatus } from "~/content/defaults";
import type { CookieJar } from "../helpers/cookie-jar";
import { signInOverHttp } from "../helpers/http-sign-in";
import { startServer, type RunningServer } from "../helpers/server-process";

/**
 * Issue 42, decision 0027: an approver opens a pending change to a financial promotion as the real public
 * page with the change in place (rendered by the running server, as the register's snapshots are), under a
 * "not live" banner, private, never stored, not indexed; the live page (and the page cache) keep the approved
 * version; signed out or as an editor, the preview is not there. Against the production build, over HTTP.
 */

const ADMIN = { email: "admin@kestrelinsight.example", firstName: "Ada" };
const EDITOR = { email: "edith.preview@kestrelinsight.example", firstName: "Edith" };
const APPROVER = { email: "arthur.preview@kestrelinsight.example", firstName: "Arthur" };
const PENDING_TITLE = "Research you can check, line by line";
const BANNER = "Preview of a pending version — not live";

let server: RunningServer;
let site: string;
let admin: CookieJar;
let editor: CookieJar;
let approver: CookieJar;
let changeId: number;

function send(jar: CookieJar, method: string, path: string, body?: unknown): Promise<Response> {
  return jar.fetch(`${site}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: site },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await startServer();
  site = `http://localhost:${server.port}`;
  admin = await signInOverHttp(site, ADMIN);
  for (const [person, role] of [
    [EDITOR, "editor"],
    [APPROVER, "approver"],
  ] as const) {
    const made = await send(admin, "POST", "/api/admin/operators", {
      email: person.email,
      name: person.firstName,
      role,
    });
    expect(made.status, await made.clone().text()).toBe(201);
  }
  editor = await signInOverHttp(site, EDITOR);
  approver = await signInOverHttp(site, APPROVER);
  expect((await send(admin, "PUT", "/api/admin/settings/approval", { required: true })).status).toBe(200);
  const saved = await send(editor, "PUT", "/api/admin/hero-content", {
    title: PENDING_TITLE,
    subtitle: "Signals with their reasons.",
    primaryCtaText: "Explore Kestrel Markets",
    primaryCtaUrl: "https://markets.kestrelinsight.example",
    secondaryCtaText: null,
    secondaryCtaUrl: null,
  });
  expect(saved.status).toBe(202);
  changeId = ((await saved.json()) as { approval: { id: number } }).approval.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("an approver's preview of a pending promotion", () => {
  it("is the real home page with the pending title, marked not live, private and not indexed; the live page is unchanged", async () => {
    const live = await fetch(`${site}/`);
    const liveHtml = await live.text();
    expect(liveHtml).not.toContain(PENDING_TITLE);

    const review = await approver.fetch(`${site}/admin/approvals/${changeId}`);
    const reviewHtml = await review.text();
    const href = `/admin/approvals/${changeId}/preview?page=%2F`;
    expect(reviewHtml).toContain(`href="${href}"`);
    expect(reviewHtml).toMatch(/Preview: (<!-- -->)?Home page/);

    const preview = await approver.fetch(`${site}${href}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toMatch(/^text\/html/);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(preview.headers.get("x-robots-tag")).toMatch(/noindex/);
    const html = await preview.text();
    expect(html).toContain(BANNER);
    expect(html).toContain(`<h1`);
    expect(html).toContain(PENDING_TITLE);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    // The rest of the real page is there: the header, the statistics, the carousel's products.
    expect(html).toContain("Portfolio Manager");
    // No scripts: the public app would start at the wrong address here.
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(html).toContain(`href="/admin/approvals/${changeId}"`);

    // The preview went through no cache: visitors still get the approved page, and so does a second look.
    const after = await (await fetch(`${site}/`)).text();
    expect(after).not.toContain(PENDING_TITLE);
    expect(after).not.toContain(BANNER);
  });

  it("is refused signed out (the admin does not exist), to an editor (403), and for a page the change is not on", async () => {
    const href = `/admin/approvals/${changeId}/preview?page=%2F`;
    const signedOut = await fetch(`${site}${href}`);
    expect(signedOut.status).toBe(404);
    expect(await signedOut.text()).not.toContain(PENDING_TITLE);

    const asEditor = await editor.fetch(`${site}${href}`);
    expect(asEditor.status).toBe(403);
    expect(await asEditor.text()).not.toContain(PENDING_TITLE);
    // The editor's review page offers no preview link either.
    expect(await (await editor.fetch(`${site}/admin/approvals/${changeId}`)).text()).not.toContain(
      "/preview?page=",
    );

    expect(
      (await approver.fetch(`${site}/admin/approvals/${changeId}/preview?page=%2Fplatforms`)).status,
    ).toBe(404);
    expect((await approver.fetch(`${site}/admin/approvals/${changeId}/preview`)).status).toBe(404);
    expect((await approver.fetch(`${site}/admin/approvals/999999/preview?page=%2F`)).status).toBe(404);
  });

  it("shows a new news post, marked as a promotion, on its own page before it exists for visitors", async () => {
    const slug = "portfolio-manager-adds-exports";
    const title = "Portfolio Manager adds exports";
    const saved = await send(editor, "POST", "/api/admin/posts", {
      title,
      slug,
      summary: "The beta's changes this month.",
      body: "## What is new\n\nThe beta adds **exports**.",
      category: "product_update",
      status: "published",
      publishAt: null,
      coverImageId: null,
    });
    expect(saved.status, await saved.clone().text()).toBe(202);
    const postChange = ((await saved.json()) as { approval: { id: number } }).approval.id;
    expect((await fetch(`${site}/newsroom/${slug}`)).status).toBe(404);

    const preview = await approver.fetch(
      `${site}/admin/approvals/${postChange}/preview?page=${encodeURIComponent(`/newsroom/${slug}`)}`,
    );
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain(BANNER);
    expect(html).toContain(title);
    // The body as a save renders it.
    expect(html).toMatch(/<h2[^>]*>What is new<\/h2>/);
    expect(html).toContain("<strong>exports</strong>");
    expect((await fetch(`${site}/newsroom/${slug}`)).status).toBe(404);
  });

  it("is gone once the change is decided", async () => {
    const approved = await send(admin, "POST", `/api/admin/approvals/${changeId}/approve`, {
      rationale: "States what the research is, with no promise of returns.",
    });
    expect(approved.status).toBe(200);
    expect(await (await fetch(`${site}/`)).text()).toContain(PENDING_TITLE);
    expect((await approver.fetch(`${site}/admin/approvals/${changeId}/preview?page=%2F`)).status).toBe(404);
  });

  it("shows a pending regulatory status in the footer, and a pending risk warning on /platforms, before approval", async () => {
    const ar =
      "Kestrel Insight Ltd is an appointed representative of Example Capital Ltd, which is authorised and regulated by the Financial Conduct Authority (FRN 123456).";
    const status = await send(admin, "PUT", "/api/admin/regulatory-status", {
      ...defaultRegulatoryStatus,
      takesEffectAt: null,
      fcaStatus: "appointed_representative",
      principalName: "Example Capital Ltd",
      principalFrn: "123456",
    });
    expect(status.status, await status.clone().text()).toBe(202);
    const statusId = ((await status.json()) as { approval: { id: number } }).approval.id;
    const statusPreview = await approver.fetch(`${site}/admin/approvals/${statusId}/preview?page=%2Fabout`);
    expect(statusPreview.status).toBe(200);
    expect(await statusPreview.text()).toContain(ar);
    expect(await (await fetch(`${site}/about`)).text()).not.toContain(ar);

    const warning =
      "Don't invest unless you're prepared to lose all the money you invest. Reviewed wording. Take 2 mins to learn more.";
    const saved = await send(admin, "PUT", "/api/admin/risk-warnings/rmmi", { text: warning });
    expect(saved.status, await saved.clone().text()).toBe(202);
    const warningId = ((await saved.json()) as { approval: { id: number } }).approval.id;
    const warningPreview = await approver.fetch(
      `${site}/admin/approvals/${warningId}/preview?page=%2Fplatforms`,
    );
    expect(warningPreview.status).toBe(200);
    expect(await warningPreview.text()).toContain("Reviewed wording.");
    expect(await (await fetch(`${site}/platforms`)).text()).not.toContain("Reviewed wording.");
  });
});
