import { rolePath, type Role } from "~/models/roles.server";
import { EMPLOYMENT_TYPE_LABELS, SCHEMA_EMPLOYMENT_TYPES } from "~/schemas/role";
import { canonicalUrl, organizationJsonLd, registeredOfficeJsonLd, type SiteSeo } from "~/utils/seo";
import { loadSiteSeo } from "./site-images.server";

/** What a page shows of a role: plain strings, its body already rendered (the renderer stays on the server). */
export interface RoleView {
  id: number;
  slug: string;
  /** The role's own page. */
  path: string;
  title: string;
  team: string;
  location: string;
  employmentType: string;
  summary: string;
  /** The description rendered; empty when the page shows only the summary (a long list of roles). */
  bodyHtml: string;
}

/**
 * A role as a page shows it. `topHeading` is the level of the body's headings: 4 in a card on /careers
 * (under the card's h3), 2 on the role's own page. A card's heading ids start with the role's slug, as
 * four cards share one page.
 */
export function roleView(role: Role, topHeading: 2 | 4, options: { withBody?: boolean } = {}): RoleView {
  return {
    id: role.id,
    slug: role.slug,
    path: rolePath(role.slug),
    title: role.title,
    team: role.team,
    location: role.location,
    employmentType: EMPLOYMENT_TYPE_LABELS[role.employmentType],
    summary: role.summary,
    // Both forms were rendered when the role was saved (app/models/rendered-bodies.server.ts).
    bodyHtml: options.withBody === false ? "" : topHeading === 2 ? role.bodyHtml : role.cardHtml,
  };
}

/** The site-wide SEO values, as the public layout builds them. */
export const siteSeo = loadSiteSeo;

const REMOTE = /\bremote\b/i;

/** schema.org JobPosting for a role's page (Google's required and recommended fields). */
export function jobPostingJsonLd(site: SiteSeo, role: Role, path: string): Record<string, unknown> {
  const url = canonicalUrl(site, path);
  const remote = REMOTE.test(role.location);
  return {
    "@type": "JobPosting",
    "@id": `${url}#job`,
    url,
    title: role.title,
    description: role.bodyText,
    datePosted: (role.publishedAt ?? role.createdAt).toISOString(),
    ...(role.closesAt ? { validThrough: role.closesAt.toISOString() } : {}),
    employmentType: SCHEMA_EMPLOYMENT_TYPES[role.employmentType],
    hiringOrganization: organizationJsonLd(site),
    jobLocation: {
      "@type": "Place",
      address: registeredOfficeJsonLd(),
    },
    ...(remote
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: "GB" } }
      : {}),
  };
}
