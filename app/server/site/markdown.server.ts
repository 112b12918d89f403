import MarkdownIt, { type StateCore, type Token } from "markdown-it";
import { slugify } from "~/utils/slug";

/**
 * Markdown written by operators (news posts, job roles, legal documents), rendered on the server.
 * Raw HTML is off, so tags show as escaped text; links and images only take allow-listed URLs.
 */

export interface MarkdownOptions {
  /**
   * The level the document's highest heading becomes (default 2, under the page's h1): an operator's
   * `##` sections under a post's h1 are h2s, with no level skipped. Lower headings keep their distance.
   */
  topHeading?: number;
  /** A fixed shift instead (`#` becomes h(1 + offset)); wins over topHeading. */
  headingOffset?: number;
  /** The site's own origin; links to any other host are marked external. Without it, every absolute link is. */
  siteOrigin?: string;
  /** Put before every heading id: documents shown several to a page (role cards) keep their ids unique. */
  idPrefix?: string;
  /** Further ids the page around the document already has (besides LAYOUT_IDS): a heading never takes one. */
  reservedIds?: readonly string[];
  /**
   * Added to the names of the document's scrolling regions (tables, code): documents shown several to a
   * page (role cards) keep those names unique, as "Table 1, Senior Engineer".
   */
  regionContext?: string;
  /**
   * The stored sizes of the library's images the document shows (by hash; see `mediaHashesIn`): an image
   * whose address is one of the site's own `/media/{hash}/{width}` gets its width and height, so the page
   * does not shift as it loads. Any other image (an external address) has no known size and gets neither.
   */
  mediaSizes?: ReadonlyMap<string, MediaSize>;
}

/** An image's size as the library stored it (the original's pixels). */
export interface MediaSize {
  width: number;
  height: number;
}

/**
 * Ids the site's layout and record pages give their own elements (site-shell's `main`, the page's h1, the
 * role page's facts box, the contact dialog's form and fields): a heading's anchor never duplicates one.
 */
export const LAYOUT_IDS: readonly string[] = ["main", "page-title", "role-facts-heading"];
/** The contact dialog's form is `contact-dialog-form`, its fields `contact-dialog-form-<field>`. */
const LAYOUT_ID_PREFIXES: readonly string[] = ["contact-dialog-form"];

export interface MarkdownSection {
  /** The heading's anchor; "" for the text before the first heading. */
  id: string;
  heading: string;
  html: string;
}

interface RenderEnv {
  headingOffset: number | undefined;
  topHeading: number;
  siteHost: string | undefined;
  /** Ids taken so far, without the prefix. */
  usedIds: Set<string>;
  /** Per generated base, the next number to try: each heading's id is found in constant time on average. */
  nextSuffix: Map<string, number>;
  idPrefix: string;
  reservedIds: ReadonlySet<string>;
  regionContext: string;
  /** How many tables and code blocks were rendered so far: each region's name has its number. */
  tables: number;
  codeBlocks: number;
  mediaSizes: ReadonlyMap<string, MediaSize> | undefined;
}

// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/g;
const EXTERNAL_SUFFIX = '<span class="sr-only"> (external link)</span>';

/**
 * Checks the URL markdown-it is about to put in an href or src (entities already decoded). An allow-list:
 * http(s), mailto and relative URLs; anything else with a scheme, and protocol-relative URLs, are refused,
 * so the Markdown stays plain text.
 */
function isAllowedUrl(url: string): boolean {
  const decoded = url.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  // Browsers drop tabs and newlines anywhere in a URL, trim control characters, and read "\" as "/".
  const bare = decoded.replace(CONTROL_OR_SPACE, "").replace(/\\/g, "/").toLowerCase();
  if (/^(https?:\/\/|mailto:)/.test(bare)) return true;
  if (bare.startsWith("//")) return false;
  // A colon before the first "/", "?" or "#" makes the start a scheme.
  return !/^[^/?#]*:/.test(bare);
}

function isExternal(href: string, siteHost: string | undefined): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).host !== siteHost;
  } catch {
    return false;
  }
}

/** The words of a line of inline Markdown: text and code, without images. */
function inlineText(children: Token[] | null): string {
  return (children ?? [])
    .map((child) => {
      if (child.type === "text" || child.type === "code_inline") return child.content;
      if (child.type === "softbreak" || child.type === "hardbreak") return " ";
      return "";
    })
    .join("");
}

function underLayoutPrefix(id: string): boolean {
  return LAYOUT_ID_PREFIXES.some((prefix) => id === prefix || id.startsWith(`${prefix}-`));
}

function isTaken(id: string, env: RenderEnv): boolean {
  if (env.usedIds.has(id)) return true;
  const full = env.idPrefix + id;
  return env.reservedIds.has(full) || underLayoutPrefix(full);
}

/**
 * A heading's id from its text: the slug, or the slug with the first free number from 2 up. The next number
 * is kept per slug, so 20,000 headings of the same text cost 20,000 steps, not 200 million.
 */
function uniqueId(text: string, env: RenderEnv): string {
  const slug = slugify(text) || "section";
  // Numbering would never leave the layout's prefix: such a heading's ids start elsewhere.
  const base = underLayoutPrefix(env.idPrefix + slug) ? `heading-${slug}` : slug;
  let n = env.nextSuffix.get(base) ?? 1;
  let id = n === 1 ? base : `${base}-${n}`;
  while (isTaken(id, env)) {
    n += 1;
    id = `${base}-${n}`;
  }
  env.nextSuffix.set(base, n + 1);
  env.usedIds.add(id);
  return id;
}

/** `## Heading {#anchor}`: a heading that names its own anchor (so an address survives a reworded heading). */
const EXPLICIT_ID = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/;

/** Takes a trailing `{#anchor}` off a heading's text; the anchor, if it had one. */
function takeExplicitId(inline: Token): string | null {
  const last = inline.children?.at(-1);
  const match = last?.type === "text" ? EXPLICIT_ID.exec(last.content) : null;
  if (!last || !match) return null;
  last.content = last.content.slice(0, match.index);
  inline.content = inline.content.replace(EXPLICIT_ID, "");
  return match[1]!;
}

/** A library image's address as a document may write it: `/media/{hash}/{width}`, an extension or not. */
const MEDIA_SRC = /^\/media\/([0-9a-f]{32})\/([1-9]\d{0,4})(?:\.(?:avif|webp|jpg|png))?$/;
/** The library addresses a document names, as a scan of its source finds them. */
const MEDIA_SRC_IN_TEXT = /\/media\/([0-9a-f]{32})\/[1-9]/g;
/** The most distinct library images a document's sizes are looked up for (a save reads that many rows at most). */
export const MAX_MEDIA_LOOKUPS = 200;

/**
 * The hashes of the library images a Markdown source may show, for looking their sizes up before it is
 * rendered: one linear scan, at most MAX_MEDIA_LOOKUPS of them (later images past that get no size).
 */
export function mediaHashesIn(source: string): string[] {
  const hashes = new Set<string>();
  for (const match of source.matchAll(MEDIA_SRC_IN_TEXT)) {
    hashes.add(match[1]!);
    if (hashes.size >= MAX_MEDIA_LOOKUPS) break;
  }
  return [...hashes];
}

/**
 * The width and height an inline image is drawn at: the variant's width from its address, and the height
 * that keeps the stored image's proportions. Null for anything but a known library image.
 */
function mediaImageSize(src: string, sizes: ReadonlyMap<string, MediaSize> | undefined): MediaSize | null {
  const match = sizes ? MEDIA_SRC.exec(src) : null;
  const stored = match ? sizes!.get(match[1]!) : undefined;
  if (!match || !stored) return null;
  const width = Number(match[2]);
  return { width, height: Math.max(1, Math.round((width * stored.height) / stored.width)) };
}

/** Runs after parsing: shifts and names headings, marks external links, makes images lazy. */
function siteRules(state: StateCore): void {
  const env = state.env as RenderEnv;
  const tokens = state.tokens;
  let highest = Infinity;
  for (const token of tokens) if (token.type === "heading_open") highest = Math.min(highest, Number(token.tag.slice(1)));
  const offset = env.headingOffset ?? (highest === Infinity ? 0 : env.topHeading - highest);
  tokens.forEach((token, i) => {
    if (token.type === "heading_open") {
      const level = Math.min(6, Math.max(1, Number(token.tag.slice(1)) + offset));
      token.tag = `h${level}`;
      tokens[i + 2]!.tag = token.tag; // heading_open, inline, heading_close
      const explicit = takeExplicitId(tokens[i + 1]!);
      const id = explicit && !isTaken(explicit, env) ? explicit : null;
      if (id) env.usedIds.add(id);
      token.attrSet("id", env.idPrefix + (id ?? uniqueId(inlineText(tokens[i + 1]!.children), env)));
    }
    // Links cannot nest, so the next link_close is the open external link's.
    let externalOpen = false;
    for (const child of token.children ?? []) {
      if (child.type === "image") {
        const size = mediaImageSize(child.attrGet("src") ?? "", env.mediaSizes);
        if (size) {
          child.attrSet("width", String(size.width));
          child.attrSet("height", String(size.height));
        }
        child.attrSet("loading", "lazy");
        child.attrSet("decoding", "async");
      } else if (child.type === "link_open" && isExternal(child.attrGet("href") ?? "", env.siteHost)) {
        child.attrSet("rel", "noopener noreferrer external");
        externalOpen = true;
      } else if (child.type === "link_close" && externalOpen) {
        child.meta = { external: true };
        externalOpen = false;
      }
    }
  });
}

const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false });
md.validateLink = isAllowedUrl;
md.core.ruler.push("kestrel_site", siteRules);
md.renderer.rules.link_close = (tokens, idx, options, _env, self) =>
  (tokens[idx]!.meta?.external ? EXTERNAL_SUFFIX : "") + self.renderToken(tokens, idx, options);

/**
 * A table or a code block can be wider than a phone: it scrolls inside its own box (`md-scroll`, app.css)
 * so the page never widens, and the box is a named region in the tab order, so a keyboard can scroll it.
 */
function scrollRegionAttributes(label: string, env: RenderEnv): string {
  const name = env.regionContext ? `${label}, ${env.regionContext}` : label;
  return `class="md-scroll" tabindex="0" role="region" aria-label="${md.utils.escapeHtml(name)}"`;
}
md.renderer.rules.table_open = (tokens, idx, options, env: RenderEnv, self) => {
  env.tables += 1;
  return `<div ${scrollRegionAttributes(`Table ${env.tables}`, env)}>${self.renderToken(tokens, idx, options)}`;
};
md.renderer.rules.table_close = (tokens, idx, options, _env, self) => `${self.renderToken(tokens, idx, options)}</div>\n`;
for (const rule of ["fence", "code_block"] as const) {
  const base = md.renderer.rules[rule]!;
  md.renderer.rules[rule] = (tokens, idx, options, env: RenderEnv, self) => {
    env.codeBlocks += 1;
    // The <pre> is the box that scrolls (wrapping it would leave the scrolling box unreachable).
    return base(tokens, idx, options, env, self).replace(/^<pre>/, `<pre ${scrollRegionAttributes(`Code ${env.codeBlocks}`, env)}>`);
  };
}

function parse(source: string, options: MarkdownOptions) {
  const env: RenderEnv = {
    headingOffset: options.headingOffset,
    topHeading: options.topHeading ?? 2,
    siteHost: options.siteOrigin ? new URL(options.siteOrigin).host : undefined,
    usedIds: new Set(),
    nextSuffix: new Map(),
    idPrefix: options.idPrefix ?? "",
    reservedIds: new Set([...LAYOUT_IDS, ...(options.reservedIds ?? [])]),
    regionContext: options.regionContext ?? "",
    tables: 0,
    codeBlocks: 0,
    mediaSizes: options.mediaSizes,
  };
  return { tokens: md.parse(source, env), env };
}

export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const { tokens, env } = parse(source, options);
  return md.renderer.render(tokens, md.options, env);
}

/**
 * A legal document cut at its top-level `## ` headings, for a table of contents. Bodies keep their
 * heading levels (`###` stays an h3). The document is parsed once, so reference links and ids work across sections.
 */
export function markdownSections(source: string, options: { siteOrigin?: string } = {}): MarkdownSection[] {
  const { tokens, env } = parse(source, { headingOffset: 0, siteOrigin: options.siteOrigin });
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection = { id: "", heading: "", html: "" };
  let bodyStart = 0;
  const close = (end: number) => {
    current.html = md.renderer.render(tokens.slice(bodyStart, end), md.options, env);
    if (current.id || current.html.trim()) sections.push(current);
  };
  tokens.forEach((token, i) => {
    if (token.type !== "heading_open" || token.level !== 0 || token.markup !== "##") return;
    close(i);
    current = {
      id: token.attrGet("id") ?? "",
      heading: inlineText(tokens[i + 1]!.children).trim(),
      html: "",
    };
    bodyStart = i + 3;
  });
  close(tokens.length);
  return sections;
}

/**
 * The words of the document without markup, whitespace collapsed: for RSS, search and JSON-LD.
 * `sentences`: a heading (or a list item) without its own full stop gets one, so that in a search extract
 * it does not run into the text after it.
 */
export function markdownToPlainText(source: string, { sentences = false }: { sentences?: boolean } = {}): string {
  const { tokens } = parse(source, { headingOffset: 0 });
  return tokens
    .map((token, i) => {
      if (token.type === "inline") {
        const text = inlineText(token.children).trim();
        const closes = tokens[i + 1]?.type;
        const block = closes === "heading_close" || (closes === "paragraph_close" && tokens[i - 2]?.type === "list_item_open");
        return sentences && block && text && !/[.!?:;…]$/.test(text) ? `${text}.` : text;
      }
      if (token.type === "fence" || token.type === "code_block") return token.content;
      return "";
    })
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The plain text, cut at a word boundary to at most `maxLength` characters (with "…") when longer. */
export function markdownExcerpt(source: string, maxLength = 200): string {
  const text = markdownToPlainText(source);
  if (text.length <= maxLength) return text;
  const head = text.slice(0, maxLength);
  const space = head.lastIndexOf(" ");
  const cut = space > 0 ? head.slice(0, space) : text.slice(0, maxLength - 1);
  return `${cut.replace(/[\s,;:.–—-]+$/, "")}…`;
}

/**
 * The headings that skip a level (`###` straight after `#`), as the operator wrote them: said to the
 * operator when a post or role is saved (the save goes ahead), because a reader's screen reader announces
 * the levels and a skipped one reads as a missing section. Levels are compared as written, before the
 * page shifts them under its own h1.
 */
export function headingLevelSkips(source: string): string[] {
  const { tokens } = parse(source, { headingOffset: 0 });
  const skips: string[] = [];
  let previous = 0;
  tokens.forEach((token, i) => {
    if (token.type !== "heading_open") return;
    const level = token.markup.startsWith("#") ? token.markup.length : token.markup.startsWith("=") ? 1 : 2;
    if (previous && level > previous + 1) {
      const text = inlineText(tokens[i + 1]!.children).trim();
      skips.push(`"${"#".repeat(level)} ${text}" follows a level-${previous} heading`);
    }
    previous = level;
  });
  return skips;
}
