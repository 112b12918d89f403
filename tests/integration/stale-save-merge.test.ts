import { beforeAll, describe, expect, it } from "vitest";
import type { AdminFormReply, StaleSaveField } from "~/components/admin/form-reply";
import type { Actor } from "~/models/actor";
import { getHeroContent, readHeroContent } from "~/models/hero.server";
import { createMenuItem, getMenuItem } from "~/models/menu-items.server";
import { createPost, getPost } from "~/models/posts.server";
import { createProduct, getProduct } from "~/models/products.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { getSeoSettings } from "~/models/seo-settings.server";
import * as hero from "~/routes/admin.hero";
import * as postEdit from "~/routes/admin.news_.$id.edit";
import * as seo from "~/routes/admin.seo";
import { getConfig, setConfig } from "~/server/config.server";
import { readToast } from "~/server/forms/toast.server";
import { freshAddress, invoke, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";
import * as sectionEdit from "~/routes/admin.$section.$id.edit";
import { withParams } from "../helpers/route-modules";

const menuEdit = withParams(sectionEdit, { section: "menus" });
const productEdit = withParams(sectionEdit, { section: "products" });

/**
 * A save from a stale copy is refused (409) keeping what the operator typed, with a merge: each field whose
 * value differs, theirs beside the current one, the fields both changed marked; saving again with a choice
 * per field ("Keep mine" / "Use current", radios `merge.<field>`) saves exactly that merge.
 */

const ADA = "admin@kestrelinsight.example";
const BOB = "bob@ops.kestrelinsight.example";
let ada: string;
let bob: string;
beforeAll(async () => {
  ada = await operatorCookie(ADA);
  bob = await operatorCookie(BOB);
});

const actor: Actor = { userId: null, email: "seed@kestrelinsight.example" } as Actor;

function post(route: RouteHandlers, path: string, fields: Record<string, string>, options: { cookie?: string; params?: Record<string, string>; clientAddress?: string } = {}) {
  return invoke(route, path, { cookie: ada, clientAddress: freshAddress(), ...options, method: "POST", body: new URLSearchParams(fields) });
}

function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

/** A refused save: the form's message, the values the form keeps, and the merge by field name. */
function refusal(result: unknown) {
  const answer = body<AdminFormReply>(result);
  const errors = answer.result.error ?? {};
  const fields = Object.fromEntries((answer.merge?.fields ?? []).map((field) => [field.name, field])) as Record<string, StaleSaveField>;
  return {
    message: errors[""]?.[0] ?? "",
    values: (answer.result.initialValue ?? {}) as Record<string, unknown>,
    merge: answer.merge,
    fields,
    names: (answer.merge?.fields ?? []).map((field) => field.name),
  };
}

async function redirected(result: unknown) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(body(result))}`);
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))?.split(";")[0];
  const { toast } = await readToast(new Request(SITE, { headers: cookie ? { Cookie: cookie } : {} }));
  return { status: result.status, location: result.headers.get("Location"), toast };
}

const success = (description: string) => ({ title: "Success", description });

async function newProduct(name: string) {
  const created = await createProduct(
    { name, description: "The original words.", url: "/platforms", badge: "live", displayOrder: 40 },
    actor,
  );
  if (!created.ok) throw new Error("product not created");
  return created.record;
}

describe("a product edited by two operators", () => {
  it("refuses the second with both values and the fields both changed marked, keeping what they typed", async () => {
    const product = await newProduct("Merge Desk");
    const params = { id: String(product.id) };
    const path = `/admin/products/${product.id}/edit`;
    const loaded = { name: "Merge Desk", description: "The original words.", url: "/platforms", badge: "live", displayOrder: "40", riskClass: "mainstream", riskSummary: "", version: "1" };

    // Bob saves first: new words and a new badge.
    const bobs = await post(productEdit, path, { ...loaded, description: "Bob's words.", badge: "beta" }, { params, cookie: bob });
    expect((await redirected(bobs.result)).toast).toEqual(success("Product updated successfully!"));

    // Ada's copy (version 1) is stale: she changed the name and the words.
    const adas = { ...loaded, name: "Merge Desk Pro", description: "Ada's words." };
    const stale = await post(productEdit, path, adas, { params });
    expect(stale.status).toBe(409);
    const refused = refusal(stale.result);
    expect(refused.message).toMatch(new RegExp(`changed by ${BOB.replace(/\./g, "\\.")} \\(.*description.*\\) while you were editing`));
    // Nothing typed is lost: the form keeps Ada's values.
    expect(refused.values).toMatchObject({ name: "Merge Desk Pro", description: "Ada's words.", badge: "live" });
    expect(refused.merge?.version).toBe(2);
    expect(refused.names).toEqual(["name", "description", "badge"]);
    expect(refused.fields.name).toEqual({
      name: "name",
      label: "Product Name",
      mine: "Merge Desk Pro",
      current: "Merge Desk",
      bothChanged: false,
      defaultChoice: "mine",
    });
    expect(refused.fields.description).toMatchObject({
      label: "Description",
      mine: "Ada's words.",
      current: "Bob's words.",
      bothChanged: true,
      defaultChoice: "mine",
    });
    // Only Bob changed the badge: taking his value is the default, and the codes read as the select's labels.
    expect(refused.fields.badge).toMatchObject({
      mine: "live",
      current: "beta",
      bothChanged: false,
      defaultChoice: "current",
      valueLabels: { none: "None", live: "Live", beta: "Beta (waitlist)" },
    });
    expect((await getProduct(product.id))!.description).toBe("Bob's words.");

    // Saving again: Bob's words, Ada's name, Ada's badge choice left at "Use current".
    const merged = await post(
      productEdit,
      path,
      { ...adas, version: "2", "merge.name": "mine", "merge.description": "current", "merge.badge": "current" },
      { params },
    );
    expect(await redirected(merged.result)).toEqual({
      status: 302,
      location: "/admin/products",
      toast: success("Product updated successfully!"),
    });
    expect(await getProduct(product.id)).toMatchObject({
      name: "Merge Desk Pro",
      description: "Bob's words.",
      badge: "beta",
      displayOrder: 40,
      version: 3,
    });
  });

  it("keeps the operator's value where they choose it, even over a field only the other person changed", async () => {
    const product = await newProduct("Merge Keep");
    const params = { id: String(product.id) };
    const path = `/admin/products/${product.id}/edit`;
    const loaded = { name: "Merge Keep", description: "The original words.", url: "/platforms", badge: "live", displayOrder: "40", version: "1" };
    await post(productEdit, path, { ...loaded, url: "https://example.com/bob" }, { params, cookie: bob });
    const stale = refusal((await post(productEdit, path, { ...loaded, name: "Merge Keep 2" }, { params })).result);
    expect(stale.fields.url).toMatchObject({ mine: "/platforms", current: "https://example.com/bob", defaultChoice: "current" });

    const saved = await post(productEdit, path, { ...loaded, name: "Merge Keep 2", version: "2", "merge.url": "mine", "merge.name": "mine" }, { params });
    expect((await redirected(saved.result)).toast).toEqual(success("Product updated successfully!"));
    expect(await getProduct(product.id)).toMatchObject({ name: "Merge Keep 2", url: "/platforms" });
  });

  it("a change made yet again before the merge is saved gives a fresh 409 and merge", async () => {
    const product = await newProduct("Merge Race");
    const params = { id: String(product.id) };
    const path = `/admin/products/${product.id}/edit`;
    const loaded = { name: "Merge Race", description: "The original words.", url: "/platforms", badge: "live", displayOrder: "40", version: "1" };
    await post(productEdit, path, { ...loaded, description: "Bob's words." }, { params, cookie: bob });
    const adas = { ...loaded, name: "Merge Race (Ada)", description: "Ada's words." };
    const first = refusal((await post(productEdit, path, adas, { params })).result);
    expect(first.merge?.version).toBe(2);

    // Bob saves once more while Ada chooses: new words again and a new order.
    await post(productEdit, path, { ...loaded, description: "Bob's second words.", displayOrder: "41", version: "2" }, { params, cookie: bob });

    const again = await post(productEdit, path, { ...adas, version: "2", "merge.name": "mine", "merge.description": "current" }, { params });
    expect(again.status).toBe(409);
    const second = refusal(again.result);
    expect(second.merge?.version).toBe(3);
    // Her choice stands in what the form keeps: the words she took (as she saw them), her own name.
    expect(second.values).toMatchObject({ name: "Merge Race (Ada)", description: "Bob's words." });
    expect(second.values).not.toHaveProperty("merge");
    // Since the version she merged against only Bob changed the words and the order.
    expect(second.fields.description).toMatchObject({ mine: "Bob's words.", current: "Bob's second words.", bothChanged: false, defaultChoice: "current" });
    expect(second.fields.displayOrder).toMatchObject({ mine: "40", current: "41", bothChanged: false, defaultChoice: "current" });
    expect(second.fields.name).toMatchObject({ mine: "Merge Race (Ada)", current: "Merge Race", defaultChoice: "mine" });
    expect((await getProduct(product.id))!.description).toBe("Bob's second words.");

    const saved = await post(
      productEdit,
      path,
      { ...adas, description: "Bob's words.", version: "3", "merge.name": "mine", "merge.description": "current", "merge.displayOrder": "current" },
      { params },
    );
    expect((await redirected(saved.result)).toast).toEqual(success("Product updated successfully!"));
    expect(await getProduct(product.id)).toMatchObject({ name: "Merge Race (Ada)", description: "Bob's second words.", displayOrder: 41, version: 4 });
  });

  it("'Use current' replaces a value the operator left invalid; the choices never reach the schema's errors", async () => {
    const product = await newProduct("Merge Blank");
    const params = { id: String(product.id) };
    const path = `/admin/products/${product.id}/edit`;
    const loaded = { name: "Merge Blank", description: "The original words.", url: "/platforms", badge: "live", displayOrder: "40", version: "1" };
    await post(productEdit, path, { ...loaded, description: "Bob's words." }, { params, cookie: bob });
    await post(productEdit, path, { ...loaded, description: "Ada's words." }, { params });

    const invalid = await post(productEdit, path, { ...loaded, name: "", description: "", version: "2", "merge.description": "current" }, { params });
    expect(invalid.status).toBe(400);
    const answer = body<AdminFormReply>(invalid.result);
    expect(answer.result.error).toEqual({ name: ["Name is required"] });
    expect(answer.result.initialValue).toMatchObject({ description: "Bob's words." });
    expect(answer.result.initialValue).not.toHaveProperty("merge");

    const saved = await post(productEdit, path, { ...loaded, name: "", version: "2", "merge.name": "current", "merge.description": "current" }, { params });
    expect((await redirected(saved.result)).toast).toEqual(success("Product updated successfully!"));
    expect(await getProduct(product.id)).toMatchObject({ name: "Merge Blank", description: "Bob's words." });
  });

  it("over the rate limit the merge post is 429 as any other", async () => {
    const config = getConfig();
    setConfig({ ...config, rateLimits: { ...config.rateLimits, adminWrite: { max: 1, windowSeconds: 600 } } });
    try {
      const product = await newProduct("Merge Limited");
      const params = { id: String(product.id) };
      const path = `/admin/products/${product.id}/edit`;
      const clientAddress = freshAddress();
      const fields = { name: "Merge Limited", description: "x", url: "/", badge: "none", displayOrder: "1", version: "1", "merge.name": "current" };
      await post(productEdit, path, fields, { params, clientAddress });
      const limited = await post(productEdit, path, fields, { params, clientAddress });
      expect(limited.status).toBe(429);
      expect(body<AdminFormReply>(limited.result).result.error?.[""]).toEqual([RATE_LIMIT_MESSAGE]);
    } finally {
      setConfig(config);
    }
  });
});

describe("the hero", () => {
  it("merges the title Bob changed with the subtitle Ada changed", async () => {
    const before = await readHeroContent();
    const loaded = {
      title: before.title,
      subtitle: before.subtitle,
      primaryCtaText: before.primaryCtaText,
      primaryCtaUrl: before.primaryCtaUrl,
      secondaryCtaText: before.secondaryCtaText,
      secondaryCtaUrl: before.secondaryCtaUrl,
      version: String(before.version),
    };
    await post(hero, "/admin/hero", { ...loaded, title: "Bob's hero title" }, { cookie: bob });
    const stale = await post(hero, "/admin/hero", { ...loaded, title: "Ada's hero title", subtitle: "Ada's subtitle." });
    expect(stale.status).toBe(409);
    const refused = refusal(stale.result);
    expect(refused.values).toMatchObject({ title: "Ada's hero title", subtitle: "Ada's subtitle." });
    expect(refused.merge?.version).toBe(before.version + 1);
    expect(refused.names).toEqual(["title", "subtitle"]);
    expect(refused.fields.title).toMatchObject({ label: "Title", mine: "Ada's hero title", current: "Bob's hero title", bothChanged: true, defaultChoice: "mine" });
    expect(refused.fields.subtitle).toMatchObject({ label: "Subtitle", mine: "Ada's subtitle.", current: before.subtitle, bothChanged: false, defaultChoice: "mine" });

    const saved = await post(hero, "/admin/hero", {
      ...loaded,
      title: "Ada's hero title",
      subtitle: "Ada's subtitle.",
      version: String(refused.merge!.version),
      "merge.title": "current",
      "merge.subtitle": "mine",
    });
    expect(await redirected(saved.result)).toEqual({ status: 302, location: "/admin/hero", toast: success("Hero content updated successfully!") });
    expect(await getHeroContent()).toMatchObject({ title: "Bob's hero title", subtitle: "Ada's subtitle." });
  });
});

describe("a news post", () => {
  it("merges through the publishing editor, with a textarea's lines as the browser posts them", async () => {
    const created = await createPost(
      { title: "Merge post", slug: `merge-post-${Date.now().toString(36)}`, summary: "First summary.", body: "Line one\nLine two", category: "news", status: "draft", publishAt: null },
      actor,
    );
    if (!created.ok) throw new Error("post not created");
    const { id, slug } = created.record;
    const params = { id: String(id) };
    const path = `/admin/news/${id}/edit`;
    // A browser posts a textarea's line breaks as CRLF.
    const loaded = { intent: "save", title: "Merge post", slug, summary: "First summary.", body: "Line one\r\nLine two", category: "news", publishAt: "", status: "draft", version: "1" };
    await post(postEdit, path, { ...loaded, summary: "Bob's summary.", category: "research_note" }, { params, cookie: bob });

    const stale = await post(postEdit, path, { ...loaded, summary: "Ada's summary." }, { params });
    expect(stale.status).toBe(409);
    const refused = refusal(stale.result);
    expect(refused.values).toMatchObject({ summary: "Ada's summary." });
    // The body is the same either way: not listed.
    expect(refused.names).toEqual(["summary", "category"]);
    expect(refused.fields.summary).toMatchObject({ mine: "Ada's summary.", current: "Bob's summary.", bothChanged: true, defaultChoice: "mine" });
    expect(refused.fields.category).toMatchObject({
      mine: "news",
      current: "research_note",
      defaultChoice: "current",
      valueLabels: expect.objectContaining({ research_note: "Research note" }),
    });

    const saved = await post(postEdit, path, { ...loaded, summary: "Ada's summary.", version: "2", "merge.summary": "mine", "merge.category": "current" }, { params });
    expect(await redirected(saved.result)).toEqual({ status: 302, location: path, toast: success("Post saved as draft.") });
    expect(await getPost(id)).toMatchObject({ summary: "Ada's summary.", category: "research_note", version: 3 });
  });

  it("marks a publication time both changed, compared as the form shows it (London time)", async () => {
    const created = await createPost(
      {
        title: "Merge timed post",
        slug: `merge-timed-${Date.now().toString(36)}`,
        summary: "Timed.",
        body: "Body.",
        category: "news",
        status: "draft",
        publishAt: new Date("2031-03-01T09:30:00Z"),
      },
      actor,
    );
    if (!created.ok) throw new Error("post not created");
    const { id, slug } = created.record;
    const params = { id: String(id) };
    const path = `/admin/news/${id}/edit`;
    const loaded = { intent: "save", title: "Merge timed post", slug, summary: "Timed.", body: "Body.", category: "news", publishAt: "2031-03-01T09:30", status: "draft", version: "1" };
    await post(postEdit, path, { ...loaded, publishAt: "2031-04-01T10:00" }, { params, cookie: bob });
    const refused = refusal((await post(postEdit, path, { ...loaded, publishAt: "2031-05-01T11:00" }, { params })).result);
    expect(refused.names).toEqual(["publishAt"]);
    expect(refused.fields.publishAt).toMatchObject({ label: "Publish at", mine: "2031-05-01T11:00", current: "2031-04-01T10:00", bothChanged: true });
  });
});

describe("other editors", () => {
  it("a menu item's checkbox reads Yes and No, and 'Use current' unticks it", async () => {
    const created = await createMenuItem(
      { menuType: "footer", label: "Merge link", url: "/merge", icon: null, displayOrder: 90, isActive: true, openInNewTab: false, parentId: null },
      actor,
    );
    if (!created.ok) throw new Error("menu item not created");
    const id = created.record.id;
    const params = { id: String(id) };
    const path = `/admin/menus/${id}/edit`;
    const loaded = { menuType: "footer", label: "Merge link", url: "/merge", icon: "", displayOrder: "90", isActive: "on", parentId: "", version: "1" };
    const { isActive: _ticked, ...unticked } = loaded;
    await post(menuEdit, path, unticked, { params, cookie: bob });
    const refused = refusal((await post(menuEdit, path, { ...loaded, label: "Merge link (Ada)" }, { params })).result);
    expect(refused.fields.isActive).toMatchObject({ label: "Is Active", mine: "on", current: "", defaultChoice: "current", valueLabels: { on: "Yes", "": "No" } });

    const saved = await post(menuEdit, path, { ...loaded, label: "Merge link (Ada)", version: "2", "merge.isActive": "current", "merge.label": "mine" }, { params });
    expect((await redirected(saved.result)).toast).toEqual(success("Menu item updated successfully!"));
    expect(await getMenuItem(id)).toMatchObject({ label: "Merge link (Ada)", isActive: false });
  });

  it("an SEO tab merges only its own fields", async () => {
    const before = await getSeoSettings();
    const stale = String(before.version);
    await post(seo, "/admin/seo", { intent: "meta", pageTitle: "Bob's title", metaDescription: before.metaDescription, keywords: before.keywords, version: stale }, { cookie: bob });
    const refused = await post(seo, "/admin/seo", {
      intent: "schema",
      organizationName: "Ada's organisation",
      websiteUrl: before.websiteUrl,
      logoUrl: before.logoUrl,
      contactEmail: before.contactEmail,
      socialUrls: before.socialUrls.join("\r\n"),
      version: stale,
    });
    expect(refused.status).toBe(409);
    const answer = refusal(refused.result);
    expect(body<AdminFormReply>(refused.result).intent).toBe("schema");
    expect(answer.names).toEqual(["organizationName"]);
    expect(answer.fields.organizationName).toMatchObject({ label: "Organization Name", mine: "Ada's organisation", bothChanged: false, defaultChoice: "mine" });

    const saved = await post(seo, "/admin/seo", {
      intent: "schema",
      organizationName: "Ada's organisation",
      websiteUrl: before.websiteUrl,
      logoUrl: before.logoUrl,
      contactEmail: before.contactEmail,
      socialUrls: before.socialUrls.join("\r\n"),
      version: String(answer.merge!.version),
      "merge.organizationName": "mine",
    });
    expect((await redirected(saved.result)).toast).toEqual(success("SEO settings updated successfully!"));
    expect(await getSeoSettings()).toMatchObject({ pageTitle: "Bob's title", organizationName: "Ada's organisation" });
  });
});
