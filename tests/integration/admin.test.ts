import { beforeAll, describe, expect, it } from "vitest";
import { getCompanySettings } from "~/models/company-settings.server";
import { countContactMessages, getContactMessage, MESSAGES_PER_PAGE, saveContactMessage } from "~/models/contact-messages.server";
import { getHeroContent } from "~/models/hero.server";
import { listMenuItems } from "~/models/menu-items.server";
import { listProducts, countProducts } from "~/models/products.server";
import { getSeoSettings } from "~/models/seo-settings.server";
import { listStatistics } from "~/models/statistics.server";
import * as layout from "~/routes/admin";
import * as dashboard from "~/routes/admin._index";
import * as hero from "~/routes/admin.hero";
import * as logout from "~/routes/admin.logout";
import * as message from "~/routes/admin.messages.$id";
import * as messages from "~/routes/admin.messages";
import * as messagesCsv from "~/routes/admin.messages[.]csv";
import * as seo from "~/routes/admin.seo";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { getConfig, setConfig } from "~/server/config.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { readToast } from "~/server/forms/toast.server";
import { invoke, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";
import * as sectionList from "~/routes/admin.$section";
import * as sectionDelete from "~/routes/admin.$section.$id.delete";
import * as sectionEdit from "~/routes/admin.$section.$id.edit";
import * as sectionNew from "~/routes/admin.$section.new";
import { withParams } from "../helpers/route-modules";

const menuDelete = withParams(sectionDelete, { section: "menus" });
const menuEdit = withParams(sectionEdit, { section: "menus" });
const menus = withParams(sectionList, { section: "menus" });
const menuNew = withParams(sectionNew, { section: "menus" });
const productDelete = withParams(sectionDelete, { section: "products" });
const productEdit = withParams(sectionEdit, { section: "products" });
const products = withParams(sectionList, { section: "products" });
const productNew = withParams(sectionNew, { section: "products" });
const statDelete = withParams(sectionDelete, { section: "stats" });
const statEdit = withParams(sectionEdit, { section: "stats" });
const stats = withParams(sectionList, { section: "stats" });
const statNew = withParams(sectionNew, { section: "stats" });

let ada: string;
let bob: string;
beforeAll(async () => {
  ada = await operatorCookie("admin@kestrelinsight.example");
  bob = await operatorCookie("bob@ops.kestrelinsight.example");
});

interface Options {
  cookie?: string;
  params?: Record<string, string>;
  search?: string;
  clientAddress?: string;
}

function get(route: RouteHandlers, path: string, options: Options = {}) {
  return invoke(route, path, { cookie: ada, ...options });
}

function post(route: RouteHandlers, path: string, fields: Record<string, string>, options: Options = {}) {
  return invoke(route, path, { cookie: ada, ...options, method: "POST", body: new URLSearchParams(fields) });
}

/** The data a loader or action answered (plain, or inside `data()`). */
function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

/** A form action's answer when it did not redirect: the field messages and the form's own. */
function reply(result: unknown) {
  const answer = body<AdminFormReply>(result);
  const errors = answer.result.error ?? {};
  return { ...answer, errors, formErrors: errors[""] ?? [], values: answer.result.initialValue ?? {} };
}

/** Where a redirect goes and the toast it carries to the next page. */
async function redirected(result: unknown) {
  if (!(result instanceof Response)) throw new Error("expected a redirect");
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))?.split(";")[0];
  const { toast } = await readToast(new Request(SITE, { headers: cookie ? { Cookie: cookie } : {} }));
  return { status: result.status, location: result.headers.get("Location"), toast };
}

const success = (description: string) => ({ title: "Success", description });
const failure = (description: string) => ({ title: "Error", description, variant: "destructive" });

describe("signed out, the admin does not exist", () => {
  const pages: [string, RouteHandlers, string, Record<string, string>?][] = [
    ["layout", layout, "/admin"],
    ["dashboard", dashboard, "/admin"],
    ["hero", hero, "/admin/hero"],
    ["logout", logout, "/admin/logout"],
    ["statistics", stats, "/admin/stats"],
    ["new statistic", statNew, "/admin/stats/new"],
    ["edit statistic", statEdit, "/admin/stats/1/edit", { id: "1" }],
    ["delete statistic", statDelete, "/admin/stats/1/delete", { id: "1" }],
    ["products", products, "/admin/products"],
    ["new product", productNew, "/admin/products/new"],
    ["edit product", productEdit, "/admin/products/1/edit", { id: "1" }],
    ["delete product", productDelete, "/admin/products/1/delete", { id: "1" }],
    ["menus", menus, "/admin/menus"],
    ["new menu item", menuNew, "/admin/menus/new"],
    ["edit menu item", menuEdit, "/admin/menus/1/edit", { id: "1" }],
    ["delete menu item", menuDelete, "/admin/menus/1/delete", { id: "1" }],
    ["seo", seo, "/admin/seo"],
    ["messages", messages, "/admin/messages"],
    ["message", message, "/admin/messages/1", { id: "1" }],
    ["messages CSV", messagesCsv, "/admin/messages.csv"],
  ];
  it.each(pages)("%s: loader and action answer 404", async (_name, route, path, params = {}) => {
    expect((await get(route, path, { cookie: "", params })).status).toBe(404);
    if (route.action) {
      const fields = { intent: "meta", label: "x", value: "1", pageTitle: "x", metaDescription: "x" };
      expect((await post(route, path, fields, { cookie: "", params })).status).toBe(404);
    }
  });

  it("a session cookie that names no session is signed out too", async () => {
    expect((await get(products, "/admin/products", { cookie: "kestrel_session=forged" })).status).toBe(404);
  });
});

describe("the layout and the dashboard", () => {
  it("shows who is signed in and the unread count, never cached", async () => {
    await saveContactMessage({ name: "Una Read", email: "una@example.com", subject: "Hello there", message: "A message nobody opened." });
    const { status, result } = await get(layout, "/admin");
    expect(status).toBe(200);
    const data = body<{ user: { firstName: string; email: string; role: string }; unread: number }>(result);
    expect(data.user).toEqual({ firstName: "Ada", email: "admin@kestrelinsight.example", role: "admin" });
    expect(data.unread).toBeGreaterThanOrEqual(1);
    const init = (result as { init: ResponseInit }).init;
    expect(new Headers(init.headers).get("Cache-Control")).toBe("private, no-store");
    expect(layout.headers!({} as never)).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("counts products, statistics, menu items and unread messages, and lists the latest changes", async () => {
    await post(productNew, "/admin/products/new", {
      name: "Dashboard Check",
      description: "Counted on the dashboard.",
      url: "/platforms",
      badge: "none",
      displayOrder: "50",
    });
    const data = body<{
      counts: { products: number; statistics: number; menuItems: number; unread: number };
      activity: { who: string; what: string; when: string }[];
      lastUpdated: { text: string } | null;
    }>((await get(dashboard, "/admin")).result);
    expect(data.counts.products).toBe(await countProducts());
    expect(data.counts.statistics).toBe((await listStatistics()).length);
    expect(data.counts.menuItems).toBe((await listMenuItems()).length);
    expect(data.counts.unread).toBeGreaterThanOrEqual(1);
    expect(data.activity[0]).toMatchObject({ who: "admin@kestrelinsight.example", what: 'Created product "Dashboard Check"' });
    expect(data.activity[0]!.when).toMatch(/^Today, \d\d:\d\d$/);
    expect(data.lastUpdated?.text).toMatch(/^Today, \d\d:\d\d$/);
  });
});

describe("hero", () => {
  it("answers 400 with every field's message, keeping what was typed", async () => {
    const { status, result } = await post(hero, "/admin/hero", {
      title: " ",
      subtitle: "",
      primaryCtaText: "",
      primaryCtaUrl: "not a url",
      secondaryCtaText: "Kept",
    });
    expect(status).toBe(400);
    const { errors, values } = reply(result);
    expect(errors).toMatchObject({
      title: ["Title is required"],
      subtitle: ["Subtitle is required"],
      primaryCtaText: ["Primary CTA text is required"],
      primaryCtaUrl: ["Must be a valid URL"],
    });
    expect(values).toMatchObject({ secondaryCtaText: "Kept", primaryCtaUrl: "not a url" });
  });

  it("saves, redirects with SPEC's toast, and the public hero changes; a stale copy is then refused with 409 and a merge", async () => {
    const before = await getHeroContent();
    const fields = {
      title: "A new hero title",
      subtitle: "A new subtitle.",
      primaryCtaText: "Open",
      primaryCtaUrl: "https://example.com/",
      secondaryCtaText: "",
      secondaryCtaUrl: "",
      version: String(before.version),
    };
    const saved = await redirected((await post(hero, "/admin/hero", fields)).result);
    expect(saved).toEqual({ status: 302, location: "/admin/hero", toast: success("Hero content updated successfully!") });
    expect((await getHeroContent()).title).toBe("A new hero title");

    const stale = await post(hero, "/admin/hero", { ...fields, title: "Overwrite" }, { cookie: bob });
    expect(stale.status).toBe(409);
    const { formErrors, values, merge } = reply(stale.result);
    expect(formErrors[0]).toContain("admin@kestrelinsight.example");
    expect(formErrors[0]).toContain("title");
    // Bob's typing stays in the form; the merge shows the current title beside his, to save over the new version.
    expect(values).toMatchObject({ title: "Overwrite" });
    expect(merge).toEqual({
      version: before.version + 1,
      fields: [
        { name: "title", label: "Title", mine: "Overwrite", current: "A new hero title", bothChanged: true, defaultChoice: "mine" },
      ],
    });
    expect((await getHeroContent()).title).toBe("A new hero title");
  });
});

describe("statistics", () => {
  it("validates: label and value are required", async () => {
    const { status, result } = await post(statNew, "/admin/stats/new", { label: "", value: "", displayOrder: "1" });
    expect(status).toBe(400);
    expect(reply(result).errors).toMatchObject({ label: ["Label is required"], value: ["Value is required"] });
  });

  it("create, edit and delete round trip, with the default order and SPEC's toasts", async () => {
    const count = (await listStatistics()).length;
    expect(body<{ displayOrder: number }>((await get(statNew, "/admin/stats/new")).result).displayOrder).toBe(count + 1);

    const created = await redirected(
      (await post(statNew, "/admin/stats/new", { label: "Countries", value: "12", displayOrder: "not a number" })).result,
    );
    expect(created).toEqual({ status: 302, location: "/admin/stats", toast: success("Statistic created successfully!") });
    const list = body<{ records: { id: number; label: string; displayOrder: number }[] }>((await get(stats, "/admin/stats")).result);
    const row = list.records.find((s) => s.label === "Countries")!;
    expect(row.displayOrder).toBe(0);

    const params = { id: String(row.id) };
    const edit = body<{ record: { label: string; value: string; version: number } }>(
      (await get(statEdit, `/admin/stats/${row.id}/edit`, { params })).result,
    );
    expect(edit.record).toMatchObject({ label: "Countries", value: "12", version: 1 });
    const updated = await redirected(
      (await post(statEdit, `/admin/stats/${row.id}/edit`, { label: "Countries served", value: "14", displayOrder: "3", version: "1" }, { params })).result,
    );
    expect(updated.toast).toEqual(success("Statistic updated successfully!"));
    expect((await listStatistics()).find((s) => s.id === row.id)).toMatchObject({ label: "Countries served", value: "14", displayOrder: 3 });

    expect(body<{ name: string }>((await get(statDelete, `/admin/stats/${row.id}/delete`, { params })).result).name).toBe("Countries served");
    const deleted = await redirected((await post(statDelete, `/admin/stats/${row.id}/delete`, {}, { params })).result);
    expect(deleted).toMatchObject({ status: 302, location: "/admin/stats", toast: success("Statistic deleted successfully!") });
    expect((await listStatistics()).some((s) => s.id === row.id)).toBe(false);

    expect((await get(statEdit, `/admin/stats/${row.id}/edit`, { params })).status).toBe(404);
    const again = await redirected((await post(statDelete, `/admin/stats/${row.id}/delete`, {}, { params })).result);
    expect(again.toast).toEqual(failure("Failed to delete statistic. Please try again."));
    const gone = await redirected(
      (await post(statEdit, `/admin/stats/${row.id}/edit`, { label: "x", value: "1", displayOrder: "1", version: "2" }, { params })).result,
    );
    expect(gone).toEqual({ status: 302, location: "/admin/stats", toast: failure("Failed to update statistic. Please try again.") });
  });

  it("a URL id that is not a number is a 404", async () => {
    expect((await get(statEdit, "/admin/stats/abc/edit", { params: { id: "abc" } })).status).toBe(404);
    expect((await get(statEdit, "/admin/stats/0/edit", { params: { id: "0" } })).status).toBe(404);
  });
});

describe("products", () => {
  it("validates: name, description and URL are required", async () => {
    const { status, result } = await post(productNew, "/admin/products/new", { name: "", description: "", url: "", badge: "none", displayOrder: "" });
    expect(status).toBe(400);
    expect(reply(result).errors).toMatchObject({
      name: ["Name is required"],
      description: ["Description is required"],
      url: ["URL is required"],
    });
  });

  it("create, edit and delete round trip, and a stale edit is refused naming who changed what", async () => {
    expect(body<{ displayOrder: number }>((await get(productNew, "/admin/products/new")).result).displayOrder).toBe(
      (await countProducts()) + 1,
    );
    const created = await redirected(
      (await post(productNew, "/admin/products/new", {
        name: "Robo Pensions",
        description: "Pensions, explained.",
        url: "https://example.com/pensions",
        badge: "beta",
        displayOrder: "20",
      })).result,
    );
    expect(created).toEqual({ status: 302, location: "/admin/products", toast: success("Product created successfully!") });
    const product = (await listProducts()).find((p) => p.name === "Robo Pensions")!;
    expect(product).toMatchObject({ badge: "beta", displayOrder: 20 });
    const params = { id: String(product.id) };
    const path = `/admin/products/${product.id}/edit`;
    const fields = { name: "Robo Pensions", description: "Pensions, explained.", url: "/platforms", badge: "live", displayOrder: "20", riskClass: "mainstream", riskSummary: "", version: "1" };

    const first = await redirected((await post(productEdit, path, { ...fields, description: "Bob's words" }, { params, cookie: bob })).result);
    expect(first.toast).toEqual(success("Product updated successfully!"));
    const stale = await post(productEdit, path, { ...fields, name: "Ada's name" }, { params });
    expect(stale.status).toBe(409);
    const refused = reply(stale.result);
    expect(refused.formErrors[0]).toMatch(/changed by bob@ops\.kestrelinsight\.example \(.*description.*\) while you were editing/);
    expect(refused.values).toMatchObject({ name: "Ada's name", description: "Pensions, explained." });
    expect(refused.merge?.version).toBe(2);
    expect(refused.merge?.fields.map(({ name, mine, current, defaultChoice }) => ({ name, mine, current, defaultChoice }))).toEqual([
      { name: "name", mine: "Ada's name", current: "Robo Pensions", defaultChoice: "mine" },
      { name: "description", mine: "Pensions, explained.", current: "Bob's words", defaultChoice: "current" },
    ]);
    expect((await listProducts()).find((p) => p.id === product.id)!.name).toBe("Robo Pensions");

    expect(body<{ name: string }>((await get(productDelete, `/admin/products/${product.id}/delete`, { params })).result).name).toBe("Robo Pensions");
    const deleted = await redirected((await post(productDelete, `/admin/products/${product.id}/delete`, {}, { params })).result);
    expect(deleted.toast).toMatchObject(success("Product deleted successfully!"));
    expect((await listProducts()).some((p) => p.id === product.id)).toBe(false);
  });

  it("an unknown badge is refused", async () => {
    const { status, result } = await post(productNew, "/admin/products/new", { name: "X", description: "Y", url: "/", badge: "gold", displayOrder: "1" });
    expect(status).toBe(400);
    expect(reply(result).errors.badge).toEqual(["Invalid input"]);
  });
});

describe("menu items", () => {
  const base = { menuType: "footer", label: "Status", url: "https://status.example.com", icon: "", displayOrder: "4", isActive: "on" };

  it("validates: menu type, label and URL are required", async () => {
    const { status, result } = await post(menuNew, "/admin/menus/new", { menuType: "", label: "", url: "" });
    expect(status).toBe(400);
    expect(reply(result).errors).toMatchObject({
      menuType: ["Menu type is required"],
      label: ["Label is required"],
      url: ["URL is required"],
    });
  });

  it("a parent must be an existing item of the same menu, the message under Parent ID", async () => {
    const header = (await listMenuItems()).find((m) => m.menuType === "header")!;
    const wrongMenu = await post(menuNew, "/admin/menus/new", { ...base, parentId: String(header.id) });
    expect(wrongMenu.status).toBe(400);
    expect(reply(wrongMenu.result).errors.parentId).toEqual(["Parent ID must name an existing Footer menu item"]);
    const missing = await post(menuNew, "/admin/menus/new", { ...base, parentId: "99999" });
    expect(reply(missing.result).errors.parentId).toEqual(["Parent ID must name an existing Footer menu item"]);
    const notNumber = await post(menuNew, "/admin/menus/new", { ...base, parentId: "abc" });
    expect(reply(notNumber.result).errors.parentId).toEqual(["Parent ID must be the number of another menu item"]);
  });

  it("create, edit and delete round trip; checkboxes post as on or nothing", async () => {
    expect(body<{ displayOrder: number }>((await get(menuNew, "/admin/menus/new")).result).displayOrder).toBe(
      (await listMenuItems()).length + 1,
    );
    const footer = (await listMenuItems()).find((m) => m.menuType === "footer")!;
    const created = await redirected(
      (await post(menuNew, "/admin/menus/new", { ...base, openInNewTab: "on", parentId: String(footer.id) })).result,
    );
    expect(created).toEqual({ status: 302, location: "/admin/menus", toast: success("Menu item created successfully!") });
    const item = (await listMenuItems()).find((m) => m.label === "Status")!;
    expect(item).toMatchObject({ menuType: "footer", isActive: true, openInNewTab: true, parentId: footer.id, icon: null });

    const params = { id: String(item.id) };
    const edit = body<{ record: Record<string, unknown> }>((await get(menuEdit, `/admin/menus/${item.id}/edit`, { params })).result);
    expect(edit.record).toMatchObject({ label: "Status", parentId: String(footer.id), isActive: true, version: 1 });
    const { isActive: _off, ...withoutActive } = base;
    const updated = await redirected(
      (await post(menuEdit, `/admin/menus/${item.id}/edit`, { ...withoutActive, icon: "fa-solid fa-signal", parentId: "", version: "1" }, { params })).result,
    );
    expect(updated.toast).toEqual(success("Menu item updated successfully!"));
    expect((await listMenuItems()).find((m) => m.id === item.id)).toMatchObject({
      isActive: false,
      openInNewTab: false,
      parentId: null,
      icon: "fa-solid fa-signal",
    });

    expect(body<{ name: string }>((await get(menuDelete, `/admin/menus/${item.id}/delete`, { params })).result).name).toBe("Status");
    const deleted = await redirected((await post(menuDelete, `/admin/menus/${item.id}/delete`, {}, { params })).result);
    expect(deleted.toast).toMatchObject(success("Menu item deleted successfully!"));
    expect((await listMenuItems()).some((m) => m.id === item.id)).toBe(false);
  });
});

describe("SEO & Analytics", () => {
  async function version() {
    return String((await getSeoSettings()).version);
  }

  it("loads the SEO and company settings", async () => {
    const data = body<{ seo: { pageTitle: string }; company: { companyName: string } }>((await get(seo, "/admin/seo")).result);
    expect(data.seo.pageTitle).toBe((await getSeoSettings()).pageTitle);
    expect(data.company.companyName).toBe((await getCompanySettings()).companyName);
  });

  it("each tab has its own messages", async () => {
    const metaTags = await post(seo, "/admin/seo", { intent: "meta", pageTitle: "", metaDescription: "" });
    expect(metaTags.status).toBe(400);
    expect(reply(metaTags.result)).toMatchObject({
      intent: "meta",
      errors: { pageTitle: ["Page title is required"], metaDescription: ["Meta description is required"] },
    });

    const analytics = await post(seo, "/admin/seo", { intent: "analytics", gaTrackingId: "UA-1234" });
    expect(reply(analytics.result).errors.gaTrackingId).toEqual(["Measurement ID must look like G-XXXXXXXXXX"]);

    const schema = await post(seo, "/admin/seo", {
      intent: "schema",
      organizationName: "",
      websiteUrl: "example",
      logoUrl: "logo.png",
      contactEmail: "nobody",
      socialUrls: "https://x.com/kestrel\n\nnot a url",
    });
    expect(reply(schema.result).errors).toMatchObject({
      organizationName: ["Organization name is required"],
      websiteUrl: ["Must be a valid URL"],
      logoUrl: ["Must be a valid URL"],
      contactEmail: ["Must be a valid email"],
      "socialUrls[1]": ["Must be a valid URL"],
    });

    const company = await post(seo, "/admin/seo", { intent: "company", companyName: "", contactEmail: "x", footerCopyright: " " });
    expect(reply(company.result).errors).toMatchObject({
      companyName: ["Company name is required"],
      contactEmail: ["Must be a valid email"],
      footerCopyright: ["Footer copyright is required"],
    });

    const unknown = await post(seo, "/admin/seo", { intent: "everything" });
    expect(unknown.status).toBe(400);
  });

  it("saves each tab, back on that tab with SPEC's toast, and only that tab's fields change", async () => {
    const before = await getSeoSettings();
    const meta = await redirected(
      (await post(seo, "/admin/seo", { intent: "meta", pageTitle: "Kestrel | Tools", metaDescription: "New words.", keywords: "a, b", version: await version() })).result,
    );
    expect(meta).toEqual({ status: 302, location: "/admin/seo", toast: success("SEO settings updated successfully!") });

    const analytics = await redirected(
      (await post(seo, "/admin/seo", { intent: "analytics", gaTrackingId: "G-ABC1234567", version: await version() })).result,
    );
    expect(analytics).toMatchObject({ location: "/admin/seo?tab=analytics", toast: success("SEO settings updated successfully!") });

    const schema = await redirected(
      (await post(seo, "/admin/seo", {
        intent: "schema",
        organizationName: "Kestrel Insight Ltd",
        websiteUrl: "https://kestrelinsight.example",
        logoUrl: "",
        contactEmail: "hello@kestrelinsight.example",
        socialUrls: "  https://x.com/kestrel \r\n\r\nhttps://www.linkedin.com/company/kestrel\n",
        version: await version(),
      })).result,
    );
    expect(schema).toMatchObject({ location: "/admin/seo?tab=schema", toast: success("SEO settings updated successfully!") });

    const after = await getSeoSettings();
    expect(after).toMatchObject({
      pageTitle: "Kestrel | Tools",
      metaDescription: "New words.",
      keywords: "a, b",
      gaTrackingId: "G-ABC1234567",
      organizationName: "Kestrel Insight Ltd",
      socialUrls: ["https://x.com/kestrel", "https://www.linkedin.com/company/kestrel"],
      version: before.version + 3,
    });

    const companyVersion = String((await getCompanySettings()).version);
    const company = await redirected(
      (await post(seo, "/admin/seo", {
        intent: "company",
        companyName: "Kestrel Insight Ltd",
        contactEmail: "hello@kestrelinsight.example",
        footerCopyright: "© Kestrel Insight Ltd",
        version: companyVersion,
      })).result,
    );
    expect(company).toEqual({ status: 302, location: "/admin/seo?tab=company", toast: success("Company settings updated successfully!") });
    expect((await getCompanySettings()).footerCopyright).toBe("© Kestrel Insight Ltd");
  });

  it("a tab saved from a stale copy is refused with 409, keeping its values, with a merge of its own fields", async () => {
    const stale = String((await getSeoSettings()).version);
    await post(seo, "/admin/seo", { intent: "analytics", gaTrackingId: "G-BOB12345", version: stale }, { cookie: bob });
    const refused = await post(seo, "/admin/seo", { intent: "meta", pageTitle: "Mine", metaDescription: "Mine too", version: stale });
    expect(refused.status).toBe(409);
    const answer = reply(refused.result);
    expect(answer.intent).toBe("meta");
    expect(answer.formErrors[0]).toContain("bob@ops.kestrelinsight.example");
    expect(answer.formErrors[0]).toContain("ga tracking id");
    expect(answer.values).toMatchObject({ pageTitle: "Mine", metaDescription: "Mine too" });
    expect(answer.merge?.fields.map((field) => field.name)).not.toContain("gaTrackingId");
    expect(answer.merge?.fields.find((field) => field.name === "pageTitle")).toMatchObject({
      mine: "Mine",
      current: "Kestrel | Tools",
      bothChanged: false,
      defaultChoice: "mine",
    });
    expect((await getSeoSettings()).pageTitle).toBe("Kestrel | Tools");
  });
});

describe("SEO & Analytics without JavaScript: drafts kept across tab switches and errors", () => {
  const seoVersion = async () => String((await getSeoSettings()).version);
  const drafts = (result: unknown) => body<{ drafts?: Record<string, Record<string, string>>; saved?: string }>(result);
  /** Posts a form in a way that saves nothing (a tab switch, the Schema tab's offer): 200 and the drafts. */
  async function draftsAfter(fields: Record<string, string>) {
    const answer = await post(seo, "/admin/seo?tab=schema", fields);
    expect(answer.status).toBe(200);
    return drafts(answer.result).drafts ?? {};
  }

  it("a tab switch saves nothing and answers the typed values as that tab's draft", async () => {
    const before = await getSeoSettings();
    const switched = await draftsAfter({
      intent: "meta",
      pageTitle: "Typed, not saved",
      metaDescription: "A description typed before switching tabs.",
      version: String(before.version),
      showTab: "schema",
    });
    expect(switched.meta).toMatchObject({
      pageTitle: "Typed, not saved",
      metaDescription: "A description typed before switching tabs.",
      version: String(before.version),
    });
    expect(await getSeoSettings()).toEqual(before);
  });

  it("a validation error in one tab keeps its values and the other tabs' drafts", async () => {
    const carried = JSON.stringify({ meta: { pageTitle: "Typed, not saved", metaDescription: "Typed too" } });
    const refused = await post(seo, "/admin/seo?tab=schema", {
      intent: "schema",
      organizationName: "",
      websiteUrl: "https://kestrelinsight.example",
      contactEmail: "hello@kestrelinsight.example",
      socialUrls: "https://x.com/kestrel",
      version: await seoVersion(),
      drafts: carried,
    });
    expect(refused.status).toBe(400);
    expect(reply(refused.result).errors.organizationName).toEqual(["Organization name is required"]);
    expect(reply(refused.result).values).toMatchObject({ socialUrls: "https://x.com/kestrel" });
    expect(drafts(refused.result).drafts).toEqual({ meta: { pageTitle: "Typed, not saved", metaDescription: "Typed too" } });
  });

  it("saving one tab while others hold drafts saves it, says so, and keeps the drafts (no redirect to drop them)", async () => {
    const before = await getSeoSettings();
    const saved = await post(seo, "/admin/seo?tab=analytics", {
      intent: "analytics",
      gaTrackingId: "G-DRAFTS123",
      version: String(before.version),
      drafts: JSON.stringify({ meta: { pageTitle: "Typed, not saved" } }),
    });
    expect(saved.status).toBe(200);
    expect(drafts(saved.result)).toEqual({
      drafts: { meta: { pageTitle: "Typed, not saved" } },
      saved: "SEO settings updated successfully!",
    });
    const after = await getSeoSettings();
    expect(after).toMatchObject({ gaTrackingId: "G-DRAFTS123", pageTitle: before.pageTitle });
  });

  it("the Schema tab takes the Company tab's name and e-mail as an unsaved draft", async () => {
    const before = await getSeoSettings();
    const company = await getCompanySettings();
    const filled = await draftsAfter({
      intent: "schema",
      organizationName: "Something else",
      websiteUrl: "https://typed.example",
      contactEmail: "other@example.org",
      version: String(before.version),
      takeCompanyValues: "yes",
    });
    expect(filled.schema).toMatchObject({
      organizationName: company.companyName,
      contactEmail: company.contactEmail,
      websiteUrl: "https://typed.example",
    });
    expect(await getSeoSettings()).toEqual(before);
  });

  it("drafts that cannot be read are dropped, not an error", async () => {
    const switched = await draftsAfter({ intent: "analytics", gaTrackingId: "G-TYPED", showTab: "meta", drafts: "{not json" });
    expect(switched).toEqual({ analytics: { gaTrackingId: "G-TYPED" } });
  });
});

describe("the admin write rate limit", () => {
  it("answers 429 with SPEC's wait message once over the limit", async () => {
    const config = getConfig();
    setConfig({ ...config, rateLimits: { ...config.rateLimits, adminWrite: { max: 1, windowSeconds: 600 } } });
    try {
      const clientAddress = "198.51.100.77";
      await post(statNew, "/admin/stats/new", { label: "", value: "" }, { clientAddress });
      const limited = await post(statNew, "/admin/stats/new", { label: "Fine", value: "1" }, { clientAddress });
      expect(limited.status).toBe(429);
      expect(reply(limited.result).formErrors).toEqual([RATE_LIMIT_MESSAGE]);
      const headers = new Headers((limited.result as { init: ResponseInit }).init.headers);
      expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await listStatistics()).some((s) => s.label === "Fine")).toBe(false);
    } finally {
      setConfig(config);
    }
  });
});

describe("messages", () => {
  it("lists newest first with unread marked; opening marks it read (its delete confirmation does not); read, unread and delete", async () => {
    const older = await saveContactMessage({ name: "Olive", email: "olive@example.com", subject: "Older one", message: "The first message of two." });
    const newer = await saveContactMessage({ name: "Nina", email: "nina@example.com", subject: "Newer one", message: "The second message of two." });
    const list = body<{ messages: { id: number; subject: string; unread: boolean }[] }>((await get(messages, "/admin/messages")).result).messages;
    const ids = list.map((m) => m.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((m) => m.id === newer.id)?.unread).toBe(true);

    const params = { id: String(newer.id) };
    const confirming = await get(message, `/admin/messages/${newer.id}`, { params, search: "?confirm=delete" });
    expect(body<{ message: { subject: string } }>(confirming.result).message.subject).toBe("Newer one");
    expect((await getContactMessage(newer.id))?.readAt).toBeNull();
    const opened = await get(message, `/admin/messages/${newer.id}`, { params });
    expect(body<{ message: { message: string } }>(opened.result).message.message).toBe("The second message of two.");
    expect((await getContactMessage(newer.id))?.readAt).not.toBeNull();
    await post(message, `/admin/messages/${newer.id}`, { intent: "read" }, { params });
    expect((await getContactMessage(newer.id))?.readAt).not.toBeNull();

    const unread = await redirected((await post(message, `/admin/messages/${newer.id}`, { intent: "unread" }, { params })).result);
    expect(unread.location).toBe("/admin/messages");
    expect((await getContactMessage(newer.id))?.readAt).toBeNull();
    await post(message, `/admin/messages/${newer.id}`, { intent: "read" }, { params });
    expect((await getContactMessage(newer.id))?.readAt).not.toBeNull();
    expect((await post(message, `/admin/messages/${newer.id}`, { intent: "archive" }, { params })).status).toBe(400);

    const deleted = await redirected((await post(message, `/admin/messages/${newer.id}`, { intent: "delete" }, { params })).result);
    expect(deleted).toEqual({ status: 302, location: "/admin/messages", toast: success("Message deleted successfully!") });
    expect(await getContactMessage(newer.id)).toBeNull();
    expect((await get(message, `/admin/messages/${newer.id}`, { params })).status).toBe(404);
  });

  it("pages the inbox 50 at a time, newest first, and comes back to the same page after an action", async () => {
    for (let i = 0; i < MESSAGES_PER_PAGE + 5; i++) {
      await saveContactMessage({ name: "Pat", email: "pat@example.com", subject: `Bulk ${i}`, message: `Bulk message number ${i}.` });
    }
    type Inbox = { messages: { id: number; subject: string; receivedAt: string }[]; total: number; page: number; pageCount: number };
    const inbox = async (search: string) => body<Inbox>((await get(messages, "/admin/messages", { search })).result);

    const first = await inbox("");
    const total = await countContactMessages();
    expect(first).toMatchObject({ total, page: 1, pageCount: Math.ceil(total / MESSAGES_PER_PAGE) });
    expect(first.messages).toHaveLength(MESSAGES_PER_PAGE);
    expect(first.messages[0]!.subject).toBe(`Bulk ${MESSAGES_PER_PAGE + 4}`);

    const second = await inbox("?page=2");
    expect(second.page).toBe(2);
    expect(second.messages.length).toBe(Math.min(MESSAGES_PER_PAGE, total - MESSAGES_PER_PAGE));
    expect(second.messages.some((m) => first.messages.some((f) => f.id === m.id))).toBe(false);
    expect(second.messages[0]!.receivedAt <= first.messages.at(-1)!.receivedAt).toBe(true);

    // Past the end (after deletions) shows the last page; nonsense shows the first.
    expect((await inbox("?page=999")).page).toBe(first.pageCount);
    expect((await inbox("?page=abc")).page).toBe(1);
    expect((await inbox("?page=0")).page).toBe(1);

    const target = second.messages[0]!;
    const params = { id: String(target.id) };
    const marked = await redirected((await post(message, `/admin/messages/${target.id}`, { intent: "read" }, { params, search: "?page=2" })).result);
    expect(marked.location).toBe("/admin/messages?page=2");
    const deleted = await redirected(
      (await post(message, `/admin/messages/${target.id}`, { intent: "delete" }, { params, search: "?confirm=delete&page=2" })).result,
    );
    expect(deleted).toEqual({ status: 302, location: "/admin/messages?page=2", toast: success("Message deleted successfully!") });
  });

  it("exports every message as an attachment CSV with formula cells neutralised", async () => {
    await saveContactMessage({
      name: "=HYPERLINK(\"http://evil\")",
      email: "mallory@example.com",
      subject: "@SUM(1,2)",
      message: "Line one, with a comma\nand \"quotes\"",
    });
    const { status, result } = await get(messagesCsv, "/admin/messages.csv");
    expect(status).toBe(200);
    const response = result as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const [header, first] = text.split("\r\n");
    expect(header).toBe('"Received (UTC)","Name","Email","Subject","Message","Read (UTC)"');
    expect(first).toMatch(
      /^"\d{4}-\d\d-\d\dT[\d:.]+Z","'=HYPERLINK\(""http:\/\/evil""\)","mallory@example\.com","'@SUM\(1,2\)","Line one, with a comma\nand ""quotes""",""$/,
    );
    expect(text.endsWith("\r\n")).toBe(true);
  });
});
