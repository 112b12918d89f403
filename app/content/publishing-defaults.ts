import { careers } from "./careers";
import { company } from "./company";
import { cookiePolicy, privacyPolicy, termsOfService, LEGAL_LAST_UPDATED } from "./legal";
import { newsroom } from "./newsroom";
import type { LegalDocument, NewsItem } from "./types";
import { slugFromTitle } from "~/schemas/publication";

/**
 * The copy the newsroom, careers and legal pages had before operators managed them, as the records the
 * seed writes on a fresh database: the site looks the same until an operator changes it.
 */

type PostCategory = "news" | "product_update" | "partnership" | "research_note";

export interface DefaultPost {
  slug: string;
  title: string;
  summary: string;
  body: string;
  category: PostCategory;
  publishedAt: Date;
}

export interface DefaultRole {
  slug: string;
  title: string;
  team: string;
  location: string;
  employmentType: "full_time";
  summary: string;
  body: string;
  displayOrder: number;
}

export interface DefaultLegalDocument {
  key: "privacy" | "terms" | "cookies";
  title: string;
  body: string;
  effectiveDate: string;
  changeSummary: string;
}

/** Text that Markdown would read as markup is escaped, so the words come out as written. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, (c) => `\\${c}`).replace(/^(\s*)([#+-]|\d+[.)])(?=\s)/, "$1\\$2");
}


/** Seeded items carry a date only: noon in London keeps that date in every time zone the site shows. */
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

function postsOf(items: readonly NewsItem[], category: PostCategory): DefaultPost[] {
  return items.map((item) => ({
    slug: slugFromTitle(item.title),
    title: item.title,
    summary: item.summary,
    body: escapeMarkdown(item.summary),
    category,
    publishedAt: atNoon(item.date),
  }));
}

export const defaultPosts: readonly DefaultPost[] = [
  ...postsOf(newsroom.latestNews, "news"),
  ...postsOf(newsroom.productUpdates, "product_update"),
  ...postsOf(newsroom.researchNotes, "research_note"),
];

const ROLE_TEAMS: Record<string, string> = {
  "full-stack-engineer": "Engineering",
  "machine-learning-engineer": "Machine Learning",
  "product-designer": "Design",
  "community-growth-lead": "Community & Growth",
};

const bullets = (items: readonly string[]) => items.map((item) => `- ${escapeMarkdown(item)}`).join("\n");

export const defaultRoles: readonly DefaultRole[] = careers.roles.map((role, index) => ({
  slug: role.slug,
  title: role.title,
  team: ROLE_TEAMS[role.slug] ?? "Team",
  location: role.location,
  employmentType: "full_time",
  summary: role.description,
  body: `## What you will do\n\n${bullets(role.responsibilities)}\n\n## What we are looking for\n\n${bullets(role.requirements)}\n`,
  displayOrder: index + 1,
}));

/** A legal document's sections as Markdown: `## Heading {#id}` keeps each section's address. */
export function legalMarkdown(document: LegalDocument): string {
  return document.sections
    .map((section) => {
      const parts = [`## ${escapeMarkdown(section.heading)} {#${section.id}}`, ...section.paragraphs.map(escapeMarkdown)];
      if (section.bullets) parts.push(bullets(section.bullets));
      return parts.join("\n\n");
    })
    .join("\n\n") + "\n";
}

const FIRST_VERSION = `First published version, effective ${LEGAL_LAST_UPDATED}.`;

export const defaultLegalDocuments: readonly DefaultLegalDocument[] = [
  { key: "privacy", document: privacyPolicy },
  { key: "terms", document: termsOfService },
  { key: "cookies", document: cookiePolicy },
].map(({ key, document }) => ({
  key: key as DefaultLegalDocument["key"],
  title: document.title,
  body: legalMarkdown(document),
  effectiveDate: document.lastUpdated,
  changeSummary: FIRST_VERSION,
}));

/** The byline of seeded posts: the company, not an operator. */
export const DEFAULT_POST_AUTHOR = `${company.shortName} Newsroom`;
