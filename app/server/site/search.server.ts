import { about } from "~/content/about";
import { careers } from "~/content/careers";
import { home } from "~/content/home";
import { investors } from "~/content/investors";
import { leaders } from "~/content/leaders";
import { newsroom } from "~/content/newsroom";
import { pages } from "~/content/pages";
import { platforms } from "~/content/platforms";
import { research } from "~/content/research";
import type { PageMeta } from "~/content/types";
import { cached } from "~/models/content-cache.server";
import { currentLegalDocument } from "~/models/legal-documents.server";
import { getMessageSettings } from "~/models/message-settings.server";
import { latestLivePosts, postPath, type Post } from "~/models/posts.server";
import { listProducts, type Product } from "~/models/products.server";
import { liveRoles, rolePath, type Role } from "~/models/roles.server";
import { LEGAL_DOCUMENT_KEYS, LEGAL_DOCUMENT_PATHS } from "~/schemas/legal-document";
import { CATEGORY_NAMES } from "~/schemas/post";
import { EMPLOYMENT_TYPE_LABELS } from "~/schemas/role";
import { markdownSections, markdownToPlainText } from "~/server/site/markdown.server";
import { COOKIES } from "~/utils/cookie-registry";
import { withLegalFacts } from "~/utils/legal-facts";
import { productAnchor, statusOf } from "~/utils/product-status";
import { slugify } from "~/utils/slug";

/**
 * Site search: the public pages' copy (from app/content, section by section, each with the anchor its
 * page gives that section), what operators publish (live posts, live roles, the legal documents in
 * effect) and the products, all from the database. Small enough to scan in memory.
 */

export interface SearchDocument {
  /** Where the result links: a path, with the section's anchor when there is one. */
  url: string;
  title: string;
  /** The page the section belongs to ("Research"). */
  pageLabel: string;
  text: string;
  kind: "page" | "product";
}

export interface SnippetPart {
  text: string;
  match: boolean;
}

export interface SearchResult {
  url: string;
  title: string;
  pageLabel: string;
  kind: SearchDocument["kind"];
  snippet: SnippetPart[];
}

export const MAX_QUERY_LENGTH = 100;
export const MAX_RESULTS = 25;

/** Keys that hold addresses, ids or presets rather than copy. */
const SKIPPED_KEYS = new Set(["id", "slug", "href", "path", "url", "subject", "key", "date", "lastUpdated", "kind"]);

/** Every string in a piece of content, in order, skipping ids and addresses. */
export function collectText(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(collectText);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => (SKIPPED_KEYS.has(key) ? [] : collectText(inner)));
  }
  return [];
}

type Content = Record<string, unknown>;

function isObject(value: unknown): value is Content {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Items that each have their own anchor on the page (research pillars, open roles). */
function anchoredItems(value: unknown): { anchor: string; title: string; item: Content }[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const items = value.filter(isObject).map((item) => ({
    anchor: typeof item.slug === "string" ? item.slug : typeof item.id === "string" ? item.id : "",
    title: typeof item.title === "string" ? item.title : "",
    item,
  }));
  return items.every((i) => i.anchor && i.title) && items.length === value.length ? items : null;
}

/**
 * A page's documents, from its content module's shape: `hero` and loose strings describe the page as a
 * whole; an object with a `heading` is a section (anchored at its `id`, or its heading's slug, as the
 * page renders it); "xHeading" names the list "x"; items with their own id or slug are their own results.
 */
export function pageDocuments(page: PageMeta, content: Content, extra: Omit<SearchDocument, "pageLabel" | "kind">[] = []): SearchDocument[] {
  const docs: SearchDocument[] = [];
  const pageText: string[] = [page.title, page.description];
  const add = (title: string, anchor: string | null, value: unknown) =>
    docs.push({
      url: anchor ? `${page.path}#${anchor}` : page.path,
      title,
      pageLabel: page.label,
      text: collectText(value).join(" "),
      kind: "page",
    });

  const visit = (node: Content) => {
    const consumed = new Set<string>();
    for (const [key, value] of Object.entries(node)) {
      if (consumed.has(key)) continue;
      if (key === "hero") {
        pageText.push(...collectText(value));
      } else if (key.endsWith("Heading") && typeof value === "string") {
        const listKey = key.slice(0, -"Heading".length);
        const list = node[listKey];
        consumed.add(listKey);
        const items = anchoredItems(list);
        if (items) for (const { anchor, title, item } of items) add(title, anchor, item);
        else add(value, slugify(value), list);
      } else if (isObject(value) && typeof value.heading === "string") {
        add(value.heading, typeof value.id === "string" ? value.id : slugify(value.heading), value);
      } else if (isObject(value)) {
        visit(value);
      } else if (typeof value === "string") {
        pageText.push(value);
      }
    }
  };
  visit(content);

  docs.unshift({ url: page.path, title: page.title, pageLabel: page.label, text: pageText.join(" "), kind: "page" });
  for (const doc of extra) docs.push({ ...doc, pageLabel: page.label, kind: "page" });
  return docs;
}

/**
 * A legal page as a whole; its sections come from the document in effect (publishedDocuments). The
 * cookie table and settings are generated from the site's real cookies, so they are code, not a document.
 */
function legalPageDocuments(path: "/privacy" | "/terms" | "/cookies"): SearchDocument[] {
  const extra =
    path === "/cookies"
      ? [
          { url: "/cookies#cookies-we-use", title: "Cookies we use", text: collectText(COOKIES).join(" ") },
          {
            url: "/cookies#cookie-settings",
            title: "Cookie settings",
            text: "Accept or decline analytics cookies at any time. Change your cookie choice and consent.",
          },
        ]
      : [];
  return pageDocuments(pages[path], {}, extra);
}

/** A page's content without lists (and their "xHeading") that are records now. */
function without(content: Content, lists: readonly string[]): Content {
  return Object.fromEntries(Object.entries(content).filter(([key]) => !lists.some((list) => key === list || key === `${list}Heading`)));
}

let contentIndex: SearchDocument[] | undefined;

/**
 * The public pages' copy as search documents; built once, since it is part of the code. The newsroom's
 * posts, the open roles and the legal documents are records: publishedDocuments indexes them.
 */
export function contentDocuments(): SearchDocument[] {
  contentIndex ??= [
    ...pageDocuments(pages["/"], { ...home, leadership: { ...home.leadership, leaders } }),
    ...pageDocuments(pages["/about"], { ...about }),
    ...pageDocuments(pages["/platforms"], { ...platforms }),
    ...pageDocuments(pages["/research"], { ...research }),
    ...pageDocuments(pages["/investors"], { ...investors }),
    ...pageDocuments(pages["/newsroom"], without({ ...newsroom }, ["latestNews", "productUpdates", "researchNotes"])),
    ...pageDocuments(pages["/careers"], without({ ...careers }, ["roles"])),
    ...legalPageDocuments("/privacy"),
    ...legalPageDocuments("/terms"),
    ...legalPageDocuments("/cookies"),
  ];
  return contentIndex;
}

/** What operators publish, as search reads it. */
export interface PublishedContent {
  posts: readonly Pick<Post, "slug" | "title" | "summary" | "body" | "category">[];
  roles: readonly Pick<Role, "slug" | "title" | "team" | "location" | "employmentType" | "summary" | "body">[];
  legal: readonly { path: "/privacy" | "/terms" | "/cookies"; body: string }[];
}

const ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The words of rendered Markdown (markdown-it escapes only these five characters). */
function htmlText(html: string): string {
  return html
    .replace(/<span class="sr-only">[^<]*<\/span>/g, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}

/** Posts at their own pages, roles at theirs, and each legal document section at its anchor. */
export function publishedDocuments(content: PublishedContent): SearchDocument[] {
  const legal = content.legal.flatMap(({ path, body }) =>
    markdownSections(body).map((section) => ({
      url: section.id ? `${path}#${section.id}` : path,
      title: section.heading || pages[path].title,
      pageLabel: pages[path].label,
      text: htmlText(section.html),
      kind: "page" as const,
    })),
  );
  const posts = content.posts.map((post) => ({
    url: postPath(post.slug),
    title: post.title,
    pageLabel: pages["/newsroom"].label,
    text: [post.summary, markdownToPlainText(post.body), CATEGORY_NAMES[post.category]].join(" "),
    kind: "page" as const,
  }));
  const roles = content.roles.map((role) => ({
    url: rolePath(role.slug),
    title: role.title,
    pageLabel: pages["/careers"].label,
    text: [role.team, role.location, EMPLOYMENT_TYPE_LABELS[role.employmentType], role.summary, markdownToPlainText(role.body)].join(" "),
    kind: "page" as const,
  }));
  return [...legal, ...posts, ...roles];
}

/** The most posts search reads; the newsroom would need a real search index long before this. */
const MAX_SEARCHED_POSTS = 1000;

/**
 * The published records as search documents, kept in the content cache: any write, and the next
 * scheduled publication, closing or effective date, empties it with the reads it is built from.
 */
function publishedIndex(): Promise<SearchDocument[]> {
  return cached("search:published", async () => {
    const { retentionMonths } = await getMessageSettings();
    const [posts, roles, legal] = await Promise.all([
      latestLivePosts(MAX_SEARCHED_POSTS),
      liveRoles(),
      Promise.all(
        LEGAL_DOCUMENT_KEYS.map(async (key) => {
          const document = await currentLegalDocument(key);
          const body = document && withLegalFacts(document.body, { messageRetentionMonths: retentionMonths });
          return body ? [{ path: LEGAL_DOCUMENT_PATHS[key], body }] : [];
        }),
      ),
    ]);
    return publishedDocuments({ posts, roles, legal: legal.flat() });
  });
}

export function productDocuments(products: readonly Pick<Product, "id" | "name" | "description" | "badge">[]): SearchDocument[] {
  return products.map((product) => ({
    url: `/platforms#${productAnchor(product.id)}`,
    title: product.name,
    pageLabel: pages["/platforms"].label,
    text: [product.name, product.description, statusOf(product.badge, "platforms")?.label ?? ""].join(" "),
    kind: "product",
  }));
}

/** Lower case, accents and punctuation removed: "Portfolio-Manager's" -> "portfolio manager s". */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9£%]+/g, " ")
    .trim();
}

export function queryTerms(query: string): string[] {
  return [...new Set(normalise(query.slice(0, MAX_QUERY_LENGTH)).split(" ").filter(Boolean))];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A term matches at the start of a word: "forecast" finds "forecasts", "ml" does not find "html". */
function termPattern(term: string, flags = ""): RegExp {
  return new RegExp(`(?:^|[^a-z0-9])${escapeRegExp(term)}`, flags);
}

function countMatches(text: string, term: string): number {
  return text.match(termPattern(term, "g"))?.length ?? 0;
}

const SNIPPET_LENGTH = 180;

/** A short extract around the first match, with every matched term marked. */
export function snippetFor(text: string, terms: string[]): SnippetPart[] {
  const lower = text.toLowerCase();
  let first = -1;
  for (const term of terms) {
    const found = lower.search(termPattern(term));
    if (found >= 0 && (first < 0 || found < first)) first = found;
  }
  let start = Math.max(0, first - 50);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  const extract = `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;

  // The whole word is marked: "forecast" marks "forecasting".
  const marker = new RegExp(`(?:${terms.map(escapeRegExp).join("|")})[a-z0-9]*`, "gi");
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const match of extract.matchAll(marker)) {
    const index = match.index ?? 0;
    const before = extract.charAt(index - 1);
    if (index > 0 && /[a-z0-9]/i.test(before)) continue;
    if (index > last) parts.push({ text: extract.slice(last, index), match: false });
    parts.push({ text: match[0], match: true });
    last = index + match[0].length;
  }
  if (last < extract.length) parts.push({ text: extract.slice(last), match: false });
  return parts;
}

/**
 * Documents that contain every term, best first: a title that is exactly the query, then a match in
 * the title, then how often the terms occur. Ties keep the site's order (pages before products).
 */
export function searchDocuments(documents: readonly SearchDocument[], query: string, limit = MAX_RESULTS): SearchResult[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const scored: { doc: SearchDocument; score: number; order: number }[] = [];
  documents.forEach((doc, order) => {
    const title = normalise(doc.title);
    const body = normalise(doc.text);
    let score = 0;
    for (const term of terms) {
      const inTitle = countMatches(` ${title}`, term);
      const inBody = countMatches(` ${body}`, term);
      if (inTitle === 0 && inBody === 0) return;
      score += (inTitle > 0 ? 10 : 0) + Math.min(inBody, 5) + (doc.kind === "product" && inTitle > 0 ? 2 : 0);
    }
    if (title === terms.join(" ")) score += 10;
    scored.push({ doc, score, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ doc }) => ({
      url: doc.url,
      title: doc.title,
      pageLabel: doc.pageLabel,
      kind: doc.kind,
      snippet: snippetFor(doc.text, terms),
    }));
}

/** Searches the pages' copy, what operators have published and the current products. */
export async function searchSite(query: string, limit = MAX_RESULTS): Promise<SearchResult[]> {
  if (queryTerms(query).length === 0) return [];
  const [published, products] = await Promise.all([publishedIndex(), listProducts()]);
  return searchDocuments([...contentDocuments(), ...published, ...productDocuments(products)], query, limit);
}
