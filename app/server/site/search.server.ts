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
import { postPath } from "~/models/posts.server";
import { rolePath } from "~/models/roles.server";
import { currentSearchIndex } from "~/models/search-index.server";
import {
  END_MARK,
  ensurePageSections,
  searchRecords,
  START_MARK,
  type PageSection,
  type SearchHit,
  type SearchHitKind,
} from "~/models/site-search.server";
import { LEGAL_DOCUMENT_PATHS, type LegalDocumentKey } from "~/schemas/legal-document";
import { getConfig } from "~/server/config.server";
import { markdownSections } from "~/server/site/markdown.server";
import { COOKIES } from "~/utils/cookie-registry";
import { withLegalFacts, type LegalFacts } from "~/utils/legal-facts";
import { legalFacts } from "~/server/site/legal-pages.server";
import { defaultRegulatoryStatus } from "~/content/defaults";
import { fillRegulatoryFacts, regulatoryFactsOf } from "~/utils/regulatory-facts";
import type { PageOf } from "~/utils/pagination";
import { productAnchor } from "~/utils/product-status";
import { slugify } from "~/utils/slug";
import { rememberLast } from "~/utils/remember-last";

/**
 * Site search: the public pages' copy (from app/content, section by section, each with the anchor its
 * page gives that section, written into the database's page_sections when the code's copy changes), what
 * operators publish (live posts, live roles, the legal documents in effect) and the products, each
 * stemmed into words by PostgreSQL's full-text search and searched in this instance's index of them
 * (app/models/site-search.server.ts): ranked, with the extract around the match and the matched words marked.
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
/** Results a page: ten, as the search engines show, each with its extract. */
export const SEARCH_PAGE_SIZE = 10;

/** Keys that hold addresses, ids or presets rather than copy. */
const SKIPPED_KEYS = new Set([
  "id",
  "slug",
  "href",
  "path",
  "url",
  "subject",
  "key",
  "date",
  "lastUpdated",
  "kind",
]);

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

/**
 * A section's strings as one text an extract reads well from: each string once (a title the content
 * repeats as a name and a heading is not said three times), and each heading or label ended as a sentence,
 * so that it does not run into the text after it ("Our approach. We build…", not "Our approach We build…").
 */
export function readableText(strings: readonly string[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of strings) {
    const text = raw.replace(/\s+/g, " ").trim();
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    kept.push(/[.!?:;…]$/.test(text) ? text : `${text}.`);
  }
  return kept.join(" ");
}

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
export function pageDocuments(
  page: PageMeta,
  content: Content,
  extra: Omit<SearchDocument, "pageLabel" | "kind">[] = [],
): SearchDocument[] {
  const docs: SearchDocument[] = [];
  const pageText: string[] = [page.title, page.description];
  const add = (title: string, anchor: string | null, value: unknown) =>
    docs.push({
      url: anchor ? `${page.path}#${anchor}` : page.path,
      title,
      pageLabel: page.label,
      text: readableText(collectText(value)),
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

  docs.unshift({
    url: page.path,
    title: page.title,
    pageLabel: page.label,
    text: readableText(pageText),
    kind: "page",
  });
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
  return Object.fromEntries(
    Object.entries(content).filter(
      ([key]) => !lists.some((list) => key === list || key === `${list}Heading`),
    ),
  );
}

let contentIndex: SearchDocument[] | undefined;

/**
 * The public pages' copy as search documents; built once, since it is part of the code. The newsroom's
 * posts, the open roles and the legal documents are records: publishedDocuments indexes them.
 */
export function contentDocuments(): SearchDocument[] {
  // Built once, from the code: the copy's regulatory facts are the seeded record's here (decision 0028).
  contentIndex ??= fillRegulatoryFacts([
    ...pageDocuments(pages["/"], { ...home, leadership: { ...home.leadership, leaders } }),
    ...pageDocuments(pages["/about"], { ...about }),
    ...pageDocuments(pages["/platforms"], { ...platforms }),
    ...pageDocuments(pages["/research"], { ...research }),
    ...pageDocuments(pages["/investors"], { ...investors }),
    ...pageDocuments(
      pages["/newsroom"],
      without({ ...newsroom }, ["latestNews", "productUpdates", "researchNotes"]),
    ),
    ...pageDocuments(pages["/careers"], without({ ...careers }, ["roles"])),
    ...legalPageDocuments("/privacy"),
    ...legalPageDocuments("/terms"),
    ...legalPageDocuments("/cookies"),
  ], regulatoryFactsOf(defaultRegulatoryStatus, new Date()));
  return contentIndex;
}

/** Lower case, accents and punctuation removed: "Portfolio-Manager's" -> "portfolio manager s". */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The words of a query, each once: what every result must contain (as the start of a word). */
export function queryTerms(query: string): string[] {
  return [...new Set(normalise(query.slice(0, MAX_QUERY_LENGTH)).split(" ").filter(Boolean))];
}

/** ts_headline's extract as parts, the matched words marked; runs of space folded, as a page shows them. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const pattern = new RegExp(`${START_MARK}([^${END_MARK}]*)${END_MARK}`, "g");
  let last = 0;
  for (const match of headline.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ text: headline.slice(last, index), match: false });
    parts.push({ text: match[1] ?? "", match: true });
    last = index + match[0].length;
  }
  if (last < headline.length) parts.push({ text: headline.slice(last), match: false });
  return parts
    .map((part) => ({ ...part, text: part.text.replace(/\s+/g, " ") }))
    .filter((part) => part.text !== "");
}

/** A product's, post's or role's hit: its own address, labelled with the page that lists it. */
function listedResult(
  hit: SearchHit,
  url: string,
  listedOn: "/platforms" | "/newsroom" | "/careers",
  kind: SearchResult["kind"],
  snippet: SnippetPart[],
): SearchResult {
  return { url, title: hit.title, pageLabel: pages[listedOn].label, kind, snippet };
}

/** Where a hit leads, before its extract is cut: results are one per address. Legal hits, one per document. */
function resultAddress(kind: SearchHitKind, ref: string): string {
  switch (kind) {
    case "product":
      return `/platforms#${productAnchor(Number(ref))}`;
    case "post":
      return postPath(ref);
    case "role":
      return rolePath(ref);
    case "legal":
      return `legal:${ref}`;
    default:
      return ref;
  }
}

/**
 * A policy's sections with their words (heading and text, normalised, each after a space, so that a term
 * starts a word where ` ${term}` is found), rendered once for each version of its text (its facts written
 * in), not per search.
 */
const policySections = rememberLast(16, (markdown) =>
  markdownSections(markdown).map((section) => ({
    ...section,
    words: ` ${normalise(`${section.heading} ${section.html.replace(/<[^>]*>/g, " ")}`)}`,
  })),
);

/** A hit as the results page links it: its address (with the section's anchor), title and page. */
function toResult(hit: SearchHit, terms: readonly string[], facts: LegalFacts): SearchResult {
  const snippet = snippetParts(hit.headline);
  switch (hit.kind) {
    case "page":
      return { url: hit.ref, title: hit.title, pageLabel: hit.pageLabel ?? "", kind: "page", snippet };
    case "product":
      return listedResult(hit, `/platforms#${productAnchor(Number(hit.ref))}`, "/platforms", "product", snippet);
    case "post":
      return listedResult(hit, postPath(hit.ref), "/newsroom", "page", snippet);
    case "role":
      return listedResult(hit, rolePath(hit.ref), "/careers", "page", snippet);
    case "legal": {
      const key = hit.ref as LegalDocumentKey;
      const page = pages[LEGAL_DOCUMENT_PATHS[key]];
      // The section that has most of the words, so the result opens the policy there.
      let section: { id: string; heading: string } | undefined;
      let most = 0;
      for (const candidate of policySections(withLegalFacts(hit.body ?? "", facts))) {
        if (!candidate.id) continue;
        const found = terms.filter((term) => candidate.words.includes(` ${term}`)).length;
        if (found > most) [section, most] = [candidate, found];
      }
      return {
        url: section?.id ? `${page.path}#${section.id}` : page.path,
        title: section?.heading || page.title,
        pageLabel: page.label,
        kind: "page",
        snippet,
      };
    }
  }
}

/**
 * Writes the pages' copy into page_sections when the code's copy changed: the server does it at start, so
 * that a search (a GET) never writes. Once a process has done it, asking again costs nothing.
 */
export function syncSearchPages(): Promise<void> {
  // The copy is code, the same for the life of the process: gathered once, not per search.
  pageCopy ??= contentDocuments().map(({ url, title, pageLabel, text }) => ({
    url,
    title,
    pageLabel,
    body: text,
  }));
  return ensurePageSections(pageCopy);
}
let pageCopy: PageSection[] | undefined;

/** Loads this instance's search index (the server does it at start, so that the first search need not). */
export async function warmSearchIndex(): Promise<void> {
  await currentSearchIndex();
}

/**
 * Searches the pages' copy, what operators have published and the current products, best first, a page of
 * results at a time (`page` from 1; past the end, the last page). Throws SearchBusyError when the search is
 * not answered within the configured cap (SEARCH_TIMEOUT_MS).
 */
export async function searchSite(
  query: string,
  { page = 1, size = SEARCH_PAGE_SIZE }: { page?: number; size?: number } = {},
): Promise<PageOf<SearchResult>> {
  const terms = queryTerms(query);
  if (terms.length === 0) return { items: [], total: 0, page: 1, pageCount: 1 };
  // Written at start; here only in a process that did not start the server (it then finds them current).
  await syncSearchPages();
  const facts = await legalFacts();
  const found = await searchRecords(
    terms,
    { page, size },
    facts,
    undefined,
    getConfig().limits.searchTimeoutMs,
    resultAddress,
  );
  return { ...found, items: found.items.map((hit) => toResult(hit, terms, facts)) };
}
