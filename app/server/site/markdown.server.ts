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
}

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
  usedIds: Set<string>;
  idPrefix: string;
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

function uniqueId(text: string, usedIds: Set<string>): string {
  const base = slugify(text) || "section";
  let id = base;
  for (let n = 2; usedIds.has(id); n++) id = `${base}-${n}`;
  usedIds.add(id);
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

/** Runs after parsing: shifts and names headings, marks external links, makes images lazy. */
function siteRules(state: StateCore): void {
  const env = state.env as RenderEnv;
  const tokens = state.tokens;
  const levels = tokens.filter((token) => token.type === "heading_open").map((token) => Number(token.tag.slice(1)));
  const offset = env.headingOffset ?? (levels.length ? env.topHeading - Math.min(...levels) : 0);
  tokens.forEach((token, i) => {
    if (token.type === "heading_open") {
      const level = Math.min(6, Math.max(1, Number(token.tag.slice(1)) + offset));
      token.tag = `h${level}`;
      tokens[i + 2]!.tag = token.tag; // heading_open, inline, heading_close
      const explicit = takeExplicitId(tokens[i + 1]!);
      const id = explicit && !env.usedIds.has(explicit) ? explicit : null;
      if (id) env.usedIds.add(id);
      token.attrSet("id", env.idPrefix + (id ?? uniqueId(inlineText(tokens[i + 1]!.children), env.usedIds)));
    }
    const children = token.children ?? [];
    children.forEach((child, j) => {
      if (child.type === "image") {
        child.attrSet("loading", "lazy");
        child.attrSet("decoding", "async");
      } else if (child.type === "link_open" && isExternal(child.attrGet("href") ?? "", env.siteHost)) {
        child.attrSet("rel", "noopener noreferrer external");
        // Links cannot nest, so the next link_close is this link's.
        const close = children.slice(j).find((t) => t.type === "link_close");
        if (close) close.meta = { external: true };
      }
    });
  });
}

const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false });
md.validateLink = isAllowedUrl;
md.core.ruler.push("kestrel_site", siteRules);
md.renderer.rules.link_close = (tokens, idx, options, _env, self) =>
  (tokens[idx]!.meta?.external ? EXTERNAL_SUFFIX : "") + self.renderToken(tokens, idx, options);

function parse(source: string, headingOffset: number | undefined, siteOrigin: string | undefined, topHeading = 2, idPrefix = "") {
  const env: RenderEnv = {
    headingOffset,
    topHeading,
    siteHost: siteOrigin ? new URL(siteOrigin).host : undefined,
    usedIds: new Set(),
    idPrefix,
  };
  return { tokens: md.parse(source, env), env };
}

export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const { tokens, env } = parse(source, options.headingOffset, options.siteOrigin, options.topHeading, options.idPrefix);
  return md.renderer.render(tokens, md.options, env);
}

/**
 * A legal document cut at its top-level `## ` headings, for a table of contents. Bodies keep their
 * heading levels (`###` stays an h3). The document is parsed once, so reference links and ids work across sections.
 */
export function markdownSections(source: string, options: { siteOrigin?: string } = {}): MarkdownSection[] {
  const { tokens, env } = parse(source, 0, options.siteOrigin);
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

/** The words of the document without markup, whitespace collapsed: for RSS, search and JSON-LD. */
export function markdownToPlainText(source: string): string {
  const { tokens } = parse(source, 0, undefined);
  return tokens
    .map((token) => {
      if (token.type === "inline") return inlineText(token.children);
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
