import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { company } from "~/content/company";

/**
 * What search engines read: titles, descriptions, canonical URLs, Open Graph and Twitter tags, and the
 * JSON-LD graph. Pure functions of plain data, so the layout's meta, its JSON-LD and the tests share them.
 */

/** A page as search engines see it. The pages of app/content/pages.ts fit this shape. */
export interface SeoPage {
  readonly path: string;
  /** Breadcrumb label ("About Us"). */
  readonly label: string;
  /** Title without the site-name suffix. */
  readonly title: string;
  readonly description: string;
  /** Kept out of search results (the search results page, the operator home). */
  readonly noindex?: boolean;
  /** The pages between Home and this one in its breadcrumbs (Careers, for a role). */
  readonly parents?: readonly Crumb[];
  /** The page's own sharing image (a post's cover); otherwise the site's default. */
  readonly image?: ShareImage | null;
}

/**
 * An image for link previews (Open Graph, Twitter) and JSON-LD: an absolute address of a JPEG or PNG (not
 * every crawler reads AVIF or WebP), with its size and alt text.
 */
export interface ShareImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}

/** The site-wide values, built on the server from the SEO settings and PUBLIC_URL. */
export interface SiteSeo {
  /** PUBLIC_URL's origin, without a trailing slash: every canonical URL starts with it. */
  readonly origin: string;
  /** The operator's Site Title: the home page's whole title. */
  readonly siteTitle: string;
  /** The suffix of every other page's title, and og:site_name. */
  readonly brand: string;
  readonly description: string;
  readonly keywords: string;
  /** The default sharing image from the SEO settings, for pages without their own. */
  readonly shareImage?: ShareImage | null;
  readonly organization: {
    readonly name: string;
    readonly url: string;
    readonly logoUrl: string;
    readonly email: string;
    readonly sameAs: readonly string[];
  };
  /** The regulatory status record's facts and its disclosure in effect (issue 37), when loaded. */
  readonly regulatory?: OrganizationRegulatory;
}

export interface OrganizationRegulatory {
  readonly legalName: string;
  readonly companyNumber: string;
  readonly registeredOffice: string;
  readonly vatNumber: string;
  /** The firm's own FRN when it is authorised (an appointed representative's FRN is its principal's). */
  readonly ownFrn: string | null;
  /** The status sentence. */
  readonly status: string;
}

export interface SeoSettingsLike {
  pageTitle: string;
  metaDescription: string;
  keywords: string;
  organizationName: string;
  websiteUrl: string;
  logoUrl: string;
  contactEmail: string;
  socialUrls: readonly string[];
}

/**
 * What a page adds to the site-wide JSON-LD, supplied by the route that owns the data (through its
 * handle), so this module stays free of page copy.
 */
export interface PageStructuredData {
  /** The page is an article with these ISO dates (the newsroom). */
  readonly article?: { readonly datePublished: string; readonly dateModified: string };
  /** The page presents the flagship platform and its subscription offer. */
  readonly flagship?: boolean;
}

export interface Crumb {
  readonly label: string;
  readonly path: string;
}

/** The title of the notice an address retired with a 410 rule shows. */
export const PAGE_REMOVED_TITLE = "Page removed";

/** The brand part of a site title such as "Kestrel Insight | Data-driven investment software". */
export function brandOf(siteTitle: string): string {
  const [first] = siteTitle.split(/\s+[|–—-]\s+/);
  return first?.trim() || company.shortName;
}

/** The settings' images from the media library, as the server resolved them. */
export interface SiteImages {
  /** The default sharing image. */
  share?: ShareImage | null;
  /** The organisation's logo: used in place of the Logo URL. */
  logo?: ShareImage | null;
}

export function siteSeoFrom(settings: SeoSettingsLike, origin: string, images: SiteImages = {}): SiteSeo {
  const siteTitle = settings.pageTitle.trim();
  return {
    origin: origin.replace(/\/+$/, ""),
    siteTitle,
    brand: brandOf(siteTitle),
    description: settings.metaDescription.trim(),
    keywords: settings.keywords.trim(),
    shareImage: images.share ?? null,
    organization: {
      name: settings.organizationName.trim() || company.legalName,
      url: settings.websiteUrl.trim() || origin,
      logoUrl: images.logo?.url ?? settings.logoUrl.trim(),
      email: settings.contactEmail.trim(),
      sameAs: settings.socialUrls.filter(Boolean),
    },
  };
}

export function canonicalUrl(site: Pick<SiteSeo, "origin">, path: string): string {
  return path === "/" ? `${site.origin}/` : `${site.origin}${path}`;
}

/** "{page title} | {brand}"; the home page carries the Site Title itself. */
export function pageTitle(site: SiteSeo, page: SeoPage): string {
  if (page.path === "/" && site.siteTitle) return site.siteTitle;
  return `${page.title} | ${site.brand}`;
}

/** The page's own description; the home page uses the site's Meta Description. */
export function pageDescription(site: SiteSeo, page: SeoPage): string {
  if (page.path === "/" && site.description) return site.description;
  return page.description || site.description;
}

/** Home > page. The home page's trail is Home alone. */
export function breadcrumbTrail(page: SeoPage): Crumb[] {
  const home: Crumb = { label: "Home", path: "/" };
  return page.path === "/" ? [home] : [home, ...(page.parents ?? []), { label: page.label, path: page.path }];
}

/**
 * og:image and the Twitter card: the page's image, else the site's default (a large card with either), else
 * the logo as a plain og:image beside a summary card.
 */
function imageMeta(site: SiteSeo, image: ShareImage | null | undefined): MetaDescriptor[] {
  if (!image) {
    const logo: MetaDescriptor[] = site.organization.logoUrl ? [{ property: "og:image", content: site.organization.logoUrl }] : [];
    return [...logo, { name: "twitter:card", content: "summary" }];
  }
  return [
    { property: "og:image", content: image.url },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image.url },
    { name: "twitter:image:alt", content: image.alt },
  ];
}

/** The image that represents a page: its own, else the site's default sharing image. */
export function pageImage(site: SiteSeo, page: SeoPage): ShareImage | null {
  return page.image ?? site.shareImage ?? null;
}

export function buildMeta(site: SiteSeo, page: SeoPage, extra: PageStructuredData = {}): MetaDescriptor[] {
  const title = pageTitle(site, page);
  const description = pageDescription(site, page);
  const url = canonicalUrl(site, page.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
  ];
  if (site.keywords) tags.push({ name: "keywords", content: site.keywords });
  tags.push(
    { name: "robots", content: page.noindex ? "noindex, follow" : "index, follow" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: extra.article ? "article" : "website" },
    { property: "og:site_name", content: site.brand },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
  );
  tags.push(
    ...imageMeta(site, pageImage(site, page)),
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  );
  return tags;
}

function metaKey(tag: MetaDescriptor): string {
  const t = tag as Record<string, unknown>;
  if ("title" in t) return "title";
  if ("charSet" in t) return "charSet";
  if (typeof t.name === "string") return `name:${t.name}`;
  if (typeof t.property === "string") return `property:${t.property}`;
  if (t.tagName === "link" && typeof t.rel === "string") return `link:${t.rel}`;
  if ("script:ld+json" in t) return "script:ld+json";
  return JSON.stringify(t);
}

/** A route's meta on top of its parents': a tag of the same kind replaces the parent's, the rest are kept. */
export function mergeMeta(parent: readonly MetaDescriptor[], own: readonly MetaDescriptor[]): MetaDescriptor[] {
  const ownKeys = new Set(own.map(metaKey));
  return [...parent.filter((tag) => !ownKeys.has(metaKey(tag))), ...own];
}

/** Every parent's meta, merged in route order: what a child route builds on. */
export function parentMeta(matches: readonly { meta?: readonly MetaDescriptor[] }[]): MetaDescriptor[] {
  return matches.slice(0, -1).reduce<MetaDescriptor[]>((merged, match) => mergeMeta(merged, match.meta ?? []), []);
}

type JsonLdNode = Record<string, unknown>;

export interface JsonLdGraph {
  "@context": "https://schema.org";
  "@graph": JsonLdNode[];
}

export const SEARCH_PATH = "/search";

/** The registered office as a schema.org PostalAddress. */
export function registeredOfficeJsonLd(oneLine?: string): JsonLdNode {
  const office = company.registeredOffice;
  const known = [...office.lines, office.city, office.postcode, office.country].join(", ");
  // An office the record moved elsewhere: its one line, not the old address's parts.
  if (oneLine && oneLine !== known) return { "@type": "PostalAddress", streetAddress: oneLine, addressCountry: "GB" };
  return {
    "@type": "PostalAddress",
    streetAddress: office.lines.join(", "),
    addressLocality: office.city,
    postalCode: office.postcode,
    addressCountry: "GB",
  };
}

export function organizationJsonLd(site: SiteSeo): JsonLdNode {
  const org = site.organization;
  return {
    "@type": "Organization",
    "@id": `${site.origin}/#organization`,
    name: org.name,
    url: org.url,
    ...(org.logoUrl ? { logo: org.logoUrl } : {}),
    ...(org.email ? { email: org.email } : {}),
    sameAs: [...org.sameAs],
    foundingDate: company.incorporatedOn,
    address: registeredOfficeJsonLd(site.regulatory?.registeredOffice),
    ...(site.regulatory ? regulatoryJsonLd(site.regulatory) : {}),
  };
}

/** The Organization's legal name, identifiers and status sentence, from the regulatory status record. */
function regulatoryJsonLd(regulatory: OrganizationRegulatory): JsonLdNode {
  const identifier: JsonLdNode[] = [
    { "@type": "PropertyValue", propertyID: "Companies House company number", value: regulatory.companyNumber },
  ];
  if (regulatory.ownFrn) {
    identifier.push({
      "@type": "PropertyValue",
      propertyID: "Financial Conduct Authority Firm Reference Number",
      value: regulatory.ownFrn,
    });
  }
  return {
    legalName: regulatory.legalName,
    identifier,
    ...(regulatory.vatNumber ? { vatID: regulatory.vatNumber } : {}),
    description: regulatory.status,
  };
}

export function websiteJsonLd(site: SiteSeo): JsonLdNode {
  return {
    "@type": "WebSite",
    "@id": `${site.origin}/#website`,
    url: `${site.origin}/`,
    name: site.brand,
    ...(site.description ? { description: site.description } : {}),
    inLanguage: "en-GB",
    publisher: { "@id": `${site.origin}/#organization` },
    potentialAction: {
      "@type": "SearchAction",
      target: `${site.origin}${SEARCH_PATH}?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
}

export function breadcrumbJsonLd(site: SiteSeo, page: SeoPage): JsonLdNode {
  return {
    "@type": "BreadcrumbList",
    "@id": `${canonicalUrl(site, page.path)}#breadcrumb`,
    itemListElement: breadcrumbTrail(page).map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: canonicalUrl(site, crumb.path),
    })),
  };
}

const PAGE_TYPES: Readonly<Record<string, string>> = {
  "/about": "AboutPage",
  "/platforms": "CollectionPage",
  "/newsroom": "CollectionPage",
  [SEARCH_PATH]: "SearchResultsPage",
};

export function webPageJsonLd(site: SiteSeo, page: SeoPage): JsonLdNode {
  const url = canonicalUrl(site, page.path);
  return {
    "@type": PAGE_TYPES[page.path] ?? "WebPage",
    "@id": `${url}#webpage`,
    url,
    name: pageTitle(site, page),
    description: pageDescription(site, page),
    inLanguage: "en-GB",
    isPartOf: { "@id": `${site.origin}/#website` },
    about: { "@id": `${site.origin}/#organization` },
    breadcrumb: { "@id": `${url}#breadcrumb` },
  };
}

/** The flagship platform, with SPEC's subscription offer at 0 USD. */
export function flagshipJsonLd(site: SiteSeo): JsonLdNode {
  return {
    "@type": "SoftwareApplication",
    "@id": `${site.origin}/#flagship`,
    name: company.flagship.name,
    description: company.flagship.tagline,
    url: company.flagship.url,
    applicationCategory: "FinanceApplication",
    operatingSystem: "Web",
    publisher: { "@id": `${site.origin}/#organization` },
    offers: {
      "@type": "Offer",
      price: "0",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: company.flagship.url,
    },
  };
}

/** An article page (the newsroom), with its dates. */
export function articleJsonLd(site: SiteSeo, page: SeoPage, dates: NonNullable<PageStructuredData["article"]>): JsonLdNode {
  const url = canonicalUrl(site, page.path);
  return {
    "@type": "NewsArticle",
    "@id": `${url}#article`,
    headline: page.title,
    description: page.description,
    url,
    datePublished: dates.datePublished,
    dateModified: dates.dateModified,
    inLanguage: "en-GB",
    author: { "@id": `${site.origin}/#organization` },
    publisher: { "@id": `${site.origin}/#organization` },
    mainEntityOfPage: { "@id": `${url}#webpage` },
    ...articleImage(site, page),
  };
}

/** A NewsArticle's `image`: the page's own or the site's sharing image, else the logo. */
export function articleImage(site: SiteSeo, page: SeoPage): { image?: string } {
  const image = pageImage(site, page)?.url ?? site.organization.logoUrl;
  return image ? { image } : {};
}

/** The whole graph for a page: the site-wide nodes, the page and its breadcrumbs, and its own types. */
export function structuredData(site: SiteSeo, page: SeoPage, extra: PageStructuredData = {}): JsonLdGraph {
  const graph = [organizationJsonLd(site), websiteJsonLd(site), webPageJsonLd(site, page), breadcrumbJsonLd(site, page)];
  if (extra.flagship) graph.push(flagshipJsonLd(site));
  if (extra.article) graph.push(articleJsonLd(site, page, extra.article));
  return { "@context": "https://schema.org", "@graph": graph };
}

/** JSON for a <script> element: nothing in it can close the element or open a comment. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A public page route's handle: the layout reads it to render the page's JSON-LD. */
export interface SiteHandle {
  seo: SeoPage;
  structured?: PageStructuredData;
}

export function seoHandle(page: SeoPage, structured?: PageStructuredData): SiteHandle {
  return structured ? { seo: page, structured } : { seo: page };
}

function isSiteHandle(handle: unknown): handle is SiteHandle {
  return typeof handle === "object" && handle !== null && "seo" in handle;
}

/** The deepest route's handle, from useMatches() in the layout (or a meta function's matches). */
export function leafSiteHandle(matches: readonly { handle?: unknown }[]): SiteHandle | undefined {
  for (const match of [...matches].reverse()) {
    if (isSiteHandle(match.handle)) return match.handle;
  }
  return undefined;
}

function isSiteSeo(value: unknown): value is SiteSeo {
  return typeof value === "object" && value !== null && typeof (value as { origin?: unknown }).origin === "string";
}

/** The site-wide values from the layout's (or the not-found route's) loader data. */
export function siteSeoFromMatches(matches: readonly { data?: unknown }[]): SiteSeo | undefined {
  for (const match of [...matches].reverse()) {
    const site = (match.data as { site?: unknown } | undefined)?.site;
    if (isSiteSeo(site)) return site;
  }
  return undefined;
}

/** Site-wide tags for the layout: what every page has even before its own meta. */
export function siteMeta(site: SiteSeo): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [];
  if (site.description) tags.push({ name: "description", content: site.description });
  if (site.keywords) tags.push({ name: "keywords", content: site.keywords });
  tags.push(
    { property: "og:site_name", content: site.brand },
    { property: "og:locale", content: "en_GB" },
    ...imageMeta(site, site.shareImage),
  );
  return tags;
}

/** The layout shows the removed-page notice (an operator's 410 rule) in place of the page. */
function isRemovedPage(matches: readonly { data?: unknown }[]): boolean {
  return matches.some((match) => (match.data as { removed?: unknown } | undefined)?.removed === true);
}

/**
 * A public page's meta function: its own tags on top of its parents' (root and layout), so nothing
 * site-wide is lost on a child route.
 */
export function sitePageMeta(page: SeoPage): MetaFunction {
  return ({ matches }) => {
    const site = siteSeoFromMatches(matches);
    if (isRemovedPage(matches)) {
      // The layout shows the removed-page notice (an operator's 410 rule) in place of this page.
      return mergeMeta(parentMeta(matches), [
        { title: `${PAGE_REMOVED_TITLE} | ${site?.brand ?? company.shortName}` },
        { name: "robots", content: "noindex" },
      ]);
    }
    const structured = leafSiteHandle(matches.slice(-1))?.structured;
    const own: MetaDescriptor[] = site
      ? buildMeta(site, page, structured)
      : [{ title: page.title }, { name: "description", content: page.description }];
    return mergeMeta(parentMeta(matches), own);
  };
}

/**
 * The meta of a page whose SEO its loader builds (a role, a post, a legal document's version): `ownMeta` of
 * the loaded page on top of its parents'. The removed-page notice, and a page that did not load (`fallback`,
 * a 404 for one), get sitePageMeta's tags.
 */
export function loadedPageMeta<Data extends { seo: SeoPage }>(
  fallback: SeoPage,
  ownMeta: (site: SiteSeo, loaded: Data) => MetaDescriptor[] = (site, loaded) => buildMeta(site, loaded.seo),
): MetaFunction {
  return (args) => {
    const loaded = args.data as Data | undefined;
    const site = siteSeoFromMatches(args.matches);
    if (!loaded || !site || isRemovedPage(args.matches)) return sitePageMeta(loaded?.seo ?? fallback)(args);
    return mergeMeta(parentMeta(args.matches), ownMeta(site, loaded));
  };
}
