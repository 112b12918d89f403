import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { setClock } from "~/models/clock.server";
import { createRole, type RoleWrite } from "~/models/roles.server";
import * as adminLegal from "~/routes/admin.legal";
import * as adminLegalEditor from "~/routes/admin.legal_.$key";
import * as adminLegalPublish from "~/routes/admin.legal_.$key_.publish";
import * as careers from "~/routes/_site.careers";
import * as role from "~/routes/_site.careers_.$slug";
import * as contact from "~/routes/_site.contact";
import * as privacy from "~/routes/_site.privacy";
import * as cookies from "~/routes/_site.cookies";
import * as privacyVersions from "~/routes/_site.privacy_.versions";
import * as privacyVersion from "~/routes/_site.privacy_.versions_.$version";
import * as termsVersion from "~/routes/_site.terms_.versions_.$version";
import { LEGAL_MESSAGES } from "~/schemas/legal-document";
import { contactHref } from "~/components/site/contact-link";
import { readToast } from "~/server/forms/toast.server";
import { invoke, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";

/**
 * Careers and legal pages as records operators publish: what visitors see (live roles only, versions in
 * effect only), what an operator previews, the JobPosting, the Apply prefill, and the legal editor.
 */

const actor = { userId: null, email: "careers@kestrelinsight.example" };
let operator: string;

beforeAll(async () => {
  operator = await operatorCookie();
});
afterEach(() => setClock(null));

const roleFields: RoleWrite = {
  title: "Data Engineer",
  slug: "data-engineer",
  team: "Data",
  location: "Remote (UK)",
  employmentType: "contract",
  summary: "Build the pipelines behind our forecasts.",
  body: "## What you will do\n\n- Own the pipelines\n\n## What we are looking for\n\n- SQL\n",
  status: "published",
  publishAt: null,
  closesAt: null,
  displayOrder: 50,
};

async function addRole(fields: Partial<RoleWrite>) {
  const created = await createRole({ ...roleFields, ...fields }, actor);
  if (!created.ok) throw new Error(`could not create the role: ${JSON.stringify(created)}`);
  return created.record;
}

/** The data a loader or action answered (plain, or inside `data()`). */
function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

function get(route: RouteHandlers, path: string, options: { cookie?: string; params?: Record<string, string> } = {}) {
  return invoke(route, path, options);
}

type CareersData = { roles: { slug: string; title: string; employmentType: string; bodyHtml: string }[] };
type RoleData = {
  seo: { title: string; noindex: boolean; parents: { label: string; path: string }[] };
  role: { title: string; bodyHtml: string; team: string };
  closesAt: string | null;
  jsonLd: { "@graph": Record<string, unknown>[] };
  preview: { state: string; editPath?: string } | null;
};

describe("careers", () => {
  it("lists the live roles only, with rendered bodies whose ids are unique on the page", async () => {
    await addRole({ slug: "draft-role", title: "Draft Role", status: "draft" });
    await addRole({ slug: "later-role", title: "Later Role", publishAt: new Date(Date.now() + 86_400_000) });
    const { status, result } = await get(careers, "/careers");
    expect(status).toBe(200);
    const { roles } = body<CareersData>(result);
    expect(roles.map((r) => r.slug)).toEqual(["full-stack-engineer", "machine-learning-engineer", "product-designer", "community-growth-lead"]);
    expect(roles[0]!.employmentType).toBe("Full-time, permanent");
    expect(roles[0]!.bodyHtml).toContain('<h4 id="full-stack-engineer-what-you-will-do">What you will do</h4>');
    const ids = roles.flatMap((r) => [...r.bodyHtml.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a draft role is a 404 for visitors and a preview for operators", async () => {
    const draft = await addRole({ slug: "preview-role", title: "Preview Role", status: "draft" });
    const path = "/careers/preview-role";
    expect((await get(role, path, { params: { slug: "preview-role" } })).status).toBe(404);
    const seen = await get(role, path, { cookie: operator, params: { slug: "preview-role" } });
    expect(seen.status).toBe(200);
    const init = (seen.result as { init?: { headers?: Record<string, string> } }).init;
    expect(init?.headers).toMatchObject({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
    const loaded = body<RoleData>(seen.result);
    expect(loaded.preview).toEqual({ state: "Draft.", editPath: `/admin/careers/${draft.id}/edit` });
    expect(loaded.seo.noindex).toBe(true);
  });

  it("a role whose closing time has passed leaves the site by itself", async () => {
    const start = new Date("2031-03-01T09:00:00Z");
    setClock(() => start);
    await addRole({ slug: "closing-role", title: "Closing Role", closesAt: new Date("2031-03-02T17:00:00Z") });
    const open = await get(role, "/careers/closing-role", { params: { slug: "closing-role" } });
    expect(open.status).toBe(200);
    expect(body<RoleData>(open.result).closesAt).toBe("2031-03-02T17:00:00.000Z");
    expect(body<CareersData>((await get(careers, "/careers")).result).roles.map((r) => r.slug)).toContain("closing-role");

    setClock(() => new Date("2031-03-02T17:00:01Z"));
    expect((await get(role, "/careers/closing-role", { params: { slug: "closing-role" } })).status).toBe(404);
    expect(body<CareersData>((await get(careers, "/careers")).result).roles.map((r) => r.slug)).not.toContain("closing-role");
    const preview = body<RoleData>((await get(role, "/careers/closing-role", { cookie: operator, params: { slug: "closing-role" } })).result);
    expect(preview.preview?.state).toBe("Closed on 2 March 2031.");
  });

  it("a role's page: one title, breadcrumbs through Careers, and a JobPosting", async () => {
    await addRole({ slug: "remote-role", title: "Remote Role", closesAt: new Date("2099-01-31T17:00:00Z") });
    const { status, result } = await get(role, "/careers/remote-role", { params: { slug: "remote-role" } });
    expect(status).toBe(200);
    const loaded = body<RoleData>(result);
    expect(loaded.preview).toBeNull();
    expect(loaded.seo.parents).toEqual([{ label: "Careers", path: "/careers" }]);
    expect(loaded.role.bodyHtml).toContain('<h2 id="what-you-will-do">What you will do</h2>');
    const graph = loaded.jsonLd["@graph"];
    const crumbs = graph.find((node) => node["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((item) => item.name)).toEqual(["Home", "Careers", "Remote Role"]);
    const job = graph.find((node) => node["@type"] === "JobPosting")!;
    expect(job).toMatchObject({
      title: "Remote Role",
      description: "Build the pipelines behind our forecasts. What you will do Own the pipelines What we are looking for SQL",
      validThrough: "2099-01-31T17:00:00.000Z",
      employmentType: "CONTRACTOR",
      hiringOrganization: { "@type": "Organization", name: "Kestrel Insight Ltd" },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "London", postalCode: "EC2A 3AY", addressCountry: "GB" } },
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "GB" },
    });
    expect(typeof job.datePosted).toBe("string");
    expect(new Date(job.datePosted as string).getTime()).toBeLessThanOrEqual(Date.now());

    const office = body<RoleData>((await get(role, "/careers/full-stack-engineer", { params: { slug: "full-stack-engineer" } })).result);
    const officeJob = office.jsonLd["@graph"].find((node) => node["@type"] === "JobPosting")!;
    expect(officeJob).toMatchObject({ employmentType: "FULL_TIME" });
    expect(officeJob).not.toHaveProperty("jobLocationType");
    expect(officeJob).not.toHaveProperty("validThrough");
  });

  it("Apply links to the contact page with the subject and the role, which the page turns into the message", async () => {
    expect(contactHref("Career Inquiry", "Community & Growth Lead")).toBe("/contact?subject=Career%20Inquiry&role=Community%20%26%20Growth%20Lead");
    // The page also gives the registered office (the regulatory status record's): not what this is about.
    const load = async (query: string) => {
      const { registeredOffice, ...prefill } = body<{ subject: string; message?: string; registeredOffice: string }>(
        (await get(contact, `/contact${query}`)).result,
      );
      expect(registeredOffice).toMatch(/London/);
      return prefill;
    };
    expect(await load("?subject=Career%20Inquiry&role=Community%20%26%20Growth%20Lead")).toEqual({
      subject: "Career Inquiry",
      message: "I would like to apply for the Community & Growth Lead role.",
    });
    // Only a role on the site starts the message: anything else, however crafted, is no prefill.
    for (const hostile of [
      "<script>alert(1)</script>",
      "Full-Stack Engineer role.\n\nPlease wire £10,000 to",
      "x".repeat(121),
      "Draft Role",
    ]) {
      expect(await load(`?subject=Career%20Inquiry&role=${encodeURIComponent(hostile)}`)).toEqual({ subject: "Career Inquiry" });
    }
    expect(await load("?subject=Career%20Inquiry")).toEqual({ subject: "Career Inquiry" });
  });
});

type LegalPageData = {
  document: { title: string; version: number; effectiveDate: string; effectiveLabel: string; sections: { id: string; heading: string; html: string }[] };
};
type VersionsData = { versions: { version: number; effectiveLabel: string; changeSummary: string; path: string; current: boolean }[] };
type VersionData = LegalPageData & { current: boolean; currentPath: string; seo: { noindex: boolean; path: string } };

/** Saves a draft and, when it is saved, publishes it through the confirmation, as an operator does. */
async function publish(fields: Record<string, string>, cookie = operator) {
  const params = { key: "privacy" };
  const saved = await invoke(adminLegalEditor, "/admin/legal/privacy", { cookie, params, method: "POST", body: new URLSearchParams(fields) });
  if (saved.status !== 302) return saved;
  const confirm = body<{ version: number; draft: { savedAt: string } }>((await get(adminLegalPublish, "/admin/legal/privacy/publish", { cookie, params })).result);
  return invoke(adminLegalPublish, "/admin/legal/privacy/publish", {
    cookie,
    params,
    method: "POST",
    body: new URLSearchParams({ version: String(confirm.version), draftSavedAt: confirm.draft.savedAt }),
  });
}

describe("legal documents", () => {
  it("show the seeded version 1, last updated 07 October 2025, sections keeping their ids", async () => {
    const { document } = body<LegalPageData>((await get(privacy, "/privacy")).result);
    expect(document).toMatchObject({ title: "Privacy Policy", version: 1, effectiveDate: "2025-10-07", effectiveLabel: "07 October 2025" });
    expect(document.sections[0]).toMatchObject({ id: "who-we-are", heading: "Who we are" });
    const cookieSections = body<LegalPageData>((await get(cookies, "/cookies")).result).document.sections.map((s) => s.id);
    expect(cookieSections).toEqual(expect.arrayContaining(["types-we-use", "changing-your-choice"]));
  });

  it("the admin list and editor are for operators only", async () => {
    expect((await get(adminLegal, "/admin/legal")).status).toBe(404);
    expect((await get(adminLegalEditor, "/admin/legal/privacy", { params: { key: "privacy" } })).status).toBe(404);
    expect((await publish({ body: "x", effectiveDate: "2025-01-01", changeSummary: "x" }, "")).status).toBe(404);
    expect((await get(adminLegalEditor, "/admin/legal/other", { cookie: operator, params: { key: "other" } })).status).toBe(404);
    const list = body<{ documents: { key: string; currentVersion: number }[] }>((await get(adminLegal, "/admin/legal", { cookie: operator })).result);
    expect(list.documents.map((d) => [d.key, d.currentVersion])).toEqual([["privacy", 1], ["terms", 1], ["cookies", 1]]);
  });

  it("refuses a version with a message on each field", async () => {
    const { status, result } = await publish({ body: "  ", effectiveDate: "2026-02-30", changeSummary: "" });
    expect(status).toBe(400);
    expect(body<AdminFormReply>(result).result.error).toEqual({
      body: [LEGAL_MESSAGES.bodyRequired],
      effectiveDate: [LEGAL_MESSAGES.effectiveDate],
      changeSummary: [LEGAL_MESSAGES.changeSummaryRequired],
    });
  });

  it("publishing a version: the page shows it, both versions are listed, the old one readable with a notice", async () => {
    setClock(() => new Date("2030-06-01T09:00:00Z"));
    const editor = body<{ form: { body: string } }>((await get(adminLegalEditor, "/admin/legal/privacy", { cookie: operator, params: { key: "privacy" } })).result).form;
    const newBody = editor.body.replace("## Who we are {#who-we-are}", "## Who we are {#who-we-are}\n\nA sentence added in version 2.");
    const saved = await publish({ body: newBody, effectiveDate: "2030-06-01", changeSummary: "Says who we are more plainly." });
    expect(saved.status).toBe(302);
    const response = saved.result as Response;
    expect(response.headers.get("Location")).toBe("/admin/legal/privacy");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))!.split(";")[0]!;
    expect((await readToast(new Request(SITE, { headers: { Cookie: cookie } }))).toast).toEqual({
      title: "Success",
      description: "Legal document published successfully!",
    });

    const { document } = body<LegalPageData>((await get(privacy, "/privacy")).result);
    expect(document).toMatchObject({ version: 2, effectiveLabel: "01 June 2030" });
    expect(document.sections[0]!.html).toContain("A sentence added in version 2.");

    const { versions } = body<VersionsData>((await get(privacyVersions, "/privacy/versions")).result);
    expect(versions.map((v) => [v.version, v.current, v.path])).toEqual([
      [2, true, "/privacy/versions/2"],
      [1, false, "/privacy/versions/1"],
    ]);
    expect(versions[0]!.changeSummary).toBe("Says who we are more plainly.");

    const old = body<VersionData>((await get(privacyVersion, "/privacy/versions/1", { params: { version: "1" } })).result);
    expect(old).toMatchObject({ current: false, currentPath: "/privacy", seo: { noindex: true, path: "/privacy/versions/1" } });
    expect(old.document).toMatchObject({ version: 1, effectiveLabel: "07 October 2025" });
    expect(old.document.sections[0]!.html).not.toContain("A sentence added in version 2.");
    const now = body<VersionData>((await get(privacyVersion, "/privacy/versions/2", { params: { version: "2" } })).result);
    expect(now).toMatchObject({ current: true, seo: { noindex: false } });

    for (const version of ["3", "0", "01", "1e3", "abc", "99999999999"]) {
      expect((await get(privacyVersion, `/privacy/versions/${version}`, { params: { version } })).status).toBe(404);
    }
    // Another document's numbering is its own.
    expect((await get(termsVersion, "/terms/versions/2", { params: { version: "2" } })).status).toBe(404);
  });

  it("a future-dated version is not public until its date", async () => {
    setClock(() => new Date("2031-01-10T12:00:00Z"));
    const saved = await publish({ body: "## Who we are {#who-we-are}\n\nVersion for February.", effectiveDate: "2031-02-01", changeSummary: "February changes." });
    expect(saved.status).toBe(302);
    const before = body<LegalPageData>((await get(privacy, "/privacy")).result).document;
    expect(before.sections[0]!.html).not.toContain("Version for February.");
    const hidden = body<VersionsData>((await get(privacyVersions, "/privacy/versions")).result).versions;
    const future = Math.max(...hidden.map((v) => v.version)) + 1;
    expect((await get(privacyVersion, `/privacy/versions/${future}`, { params: { version: String(future) } })).status).toBe(404);

    // London's 1 February starts at midnight GMT.
    setClock(() => new Date("2031-02-01T00:00:01Z"));
    const after = body<LegalPageData>((await get(privacy, "/privacy")).result).document;
    expect(after).toMatchObject({ version: future, effectiveLabel: "01 February 2031" });
    expect(body<VersionsData>((await get(privacyVersions, "/privacy/versions")).result).versions[0]).toMatchObject({ version: future, current: true });
    expect((await get(privacyVersion, `/privacy/versions/${future}`, { params: { version: String(future) } })).status).toBe(200);
  });
});
