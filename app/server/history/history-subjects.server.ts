import type { Actor, WriteResult } from "~/models/actor";
import { readCompanySettings, restoreCompanySettingsVersion } from "~/models/company-settings.server";
import { readHeroContent, restoreHeroVersion } from "~/models/hero.server";
import { currentLegalDocument, legalDocumentHistory, publishLegalVersion } from "~/models/legal-documents.server";
import { getMenuItem, restoreMenuItemFromTrash, restoreMenuItemVersion } from "~/models/menu-items.server";
import { getPost, restorePostFromTrash, restorePostVersion } from "~/models/posts.server";
import { getProduct, restoreProductFromTrash, restoreProductVersion } from "~/models/products.server";
import { getRedirect, restoreRedirectFromTrash, restoreRedirectVersion } from "~/models/redirects.server";
import { getRevision } from "~/models/revisions.server";
import { getRole, restoreRoleFromTrash, restoreRoleVersion } from "~/models/roles.server";
import { readSeoSettings, restoreSeoSettingsVersion } from "~/models/seo-settings.server";
import { readMessageSettings, restoreMessageSettingsVersion } from "~/models/message-settings.server";
import { getStatistic, restoreStatisticFromTrash, restoreStatisticVersion } from "~/models/statistics.server";
import type { TrashCollection } from "~/models/trash.server";
import { LEGAL_DOCUMENT_KEYS, type LegalDocumentKey } from "~/schemas/legal-document";
import { londonIsoDate } from "~/utils/london-time";
import { parseRecordId } from "~/utils/record-id";
import { now } from "~/models/clock.server";

/** A record as history shows it now: its version and a name for headings. */
export interface CurrentRecord {
  version: number;
  label: string;
}

/**
 * Something whose versions are kept: a settings record (one of it) or a collection of records. The admin's
 * history screens (`/admin/{section}/history`, `/admin/{section}/{id}/history`) and the JSON API
 * (`/api/admin/{apiName}/...`) both find it here.
 */
export interface HistorySubject {
  /** The admin URL segment: "hero", "products", "stats". */
  section: string;
  /** The JSON API's name for it (null: not in the API). */
  apiName: string | null;
  /** The name its revisions and audit rows are kept under. */
  entity: string;
  /** What one of it is called: "Hero Section", "product". */
  noun: string;
  /** One record (settings) or many (`id` in the URL). */
  single: boolean;
  /** Labels for the kept fields, in the order the editor shows them; fields not named here are not shown. */
  fields: Record<string, string>;
  /** The id as the URL has it ("12", "privacy"), or null when it is not one. */
  parseId: (raw: string | undefined) => string | null;
  editorUrl: (id: string) => string;
  historyUrl: (id: string) => string;
  /** The record as it is now, or null when it does not exist (deleted: see the trash). */
  current: (id: string) => Promise<CurrentRecord | null>;
  /** Writes a kept version's values as a new version; refused like any save when stale or no longer valid. */
  /** `expectedVersion`: the version the operator saw; absent (the JSON API without one) overwrites whatever is there. */
  restore: ((id: string, version: number, actor: Actor, expectedVersion?: number) => Promise<WriteResult<unknown>>) | null;
}

const numericId = (raw: string | undefined) => {
  const id = parseRecordId(raw);
  return id === null ? null : String(id);
};
const singletonId = (raw: string | undefined) => (raw === undefined || raw === "1" ? "1" : null);

function settings(
  section: string,
  apiName: string | null,
  entity: string,
  noun: string,
  editorUrl: string,
  fields: Record<string, string>,
  read: () => Promise<{ version: number }>,
  restore: (version: number, actor: Actor, expectedVersion?: number) => Promise<WriteResult<unknown>>,
): HistorySubject {
  return {
    section,
    apiName,
    entity,
    noun,
    single: true,
    fields,
    parseId: singletonId,
    editorUrl: () => editorUrl,
    historyUrl: () => `/admin/${section}/history`,
    current: async () => {
      const record = await read();
      return record.version > 0 ? { version: record.version, label: noun } : null;
    },
    restore: (_id, version, actor, expectedVersion) => restore(version, actor, expectedVersion),
  };
}

function records<TRow extends { id: number; version: number }>(options: {
  section: string;
  apiName: TrashCollection;
  entity: string;
  noun: string;
  fields: Record<string, string>;
  get: (id: number) => Promise<TRow | null>;
  describe: (row: TRow) => string;
  restore: (id: number, version: number, actor: Actor, expectedVersion?: number) => Promise<WriteResult<unknown>>;
  editorUrl?: (id: string) => string;
}): HistorySubject {
  const { section } = options;
  return {
    section,
    apiName: options.apiName,
    entity: options.entity,
    noun: options.noun,
    single: false,
    fields: options.fields,
    parseId: numericId,
    editorUrl: options.editorUrl ?? ((id) => `/admin/${section}/${id}/edit`),
    historyUrl: (id) => `/admin/${section}/${id}/history`,
    current: async (id) => {
      const row = await options.get(Number(id));
      return row ? { version: row.version, label: options.describe(row) } : null;
    },
    restore: (id, version, actor, expectedVersion) => options.restore(Number(id), version, actor, expectedVersion),
  };
}

const PUBLICATION_FIELDS = { status: "Status", publishAt: "Publish at", publishedAt: "Visible from" };

/** Legal documents: each change is a version already; restoring one publishes its text again, effective today. */
const legal: HistorySubject = {
  section: "legal",
  apiName: null,
  entity: "legal document",
  noun: "legal document",
  single: false,
  fields: { title: "Title", body: "Body", effectiveDate: "Effective date", changeSummary: "Change summary" },
  parseId: (raw) => ((LEGAL_DOCUMENT_KEYS as readonly string[]).includes(raw ?? "") ? raw! : null),
  editorUrl: (key) => `/admin/legal/${key}`,
  historyUrl: (key) => `/admin/legal/${key}/history`,
  current: async (key) => {
    const [latest] = await legalDocumentHistory(key as LegalDocumentKey);
    const document = await currentLegalDocument(key as LegalDocumentKey);
    return latest && document ? { version: latest.version, label: document.title } : null;
  },
  restore: async (key, version, actor, expectedVersion) => {
    const [latest] = await legalDocumentHistory(key as LegalDocumentKey);
    if (!latest) return { ok: false, reason: "not_found" };
    if (latest.version !== expectedVersion) {
      return { ok: false, reason: "conflict", message: "A newer version was published while you were looking. Review it and try again." };
    }
    const kept = await getRevision("legal document", key, version);
    if (!kept) return { ok: false, reason: "not_found" };
    const created = await publishLegalVersion(
      key as LegalDocumentKey,
      { body: String(kept.values.body), effectiveDate: londonIsoDate(now()), changeSummary: `Restored the text of version ${version}` },
      actor,
    );
    return created ? { ok: true, record: created } : { ok: false, reason: "not_found" };
  },
};

export const HISTORY_SUBJECTS: readonly HistorySubject[] = [
  settings(
    "hero",
    "hero-content",
    "hero content",
    "Hero Section",
    "/admin/hero",
    {
      title: "Title",
      subtitle: "Subtitle",
      primaryCtaText: "Primary CTA Text",
      primaryCtaUrl: "Primary CTA URL",
      secondaryCtaText: "Secondary CTA Text",
      secondaryCtaUrl: "Secondary CTA URL",
    },
    readHeroContent,
    restoreHeroVersion,
  ),
  settings(
    "seo",
    "seo-settings",
    "SEO settings",
    "SEO & Analytics",
    "/admin/seo",
    {
      pageTitle: "Site Title",
      metaDescription: "Meta Description",
      keywords: "Keywords",
      ogImageId: "Default sharing image",
      gaTrackingId: "Measurement ID",
      organizationName: "Organization Name",
      websiteUrl: "Website URL",
      logoUrl: "Logo URL",
      logoImageId: "Library logo",
      contactEmail: "Contact Email",
      socialUrls: "Social Media URLs",
    },
    readSeoSettings,
    restoreSeoSettingsVersion,
  ),
  settings(
    "company",
    "company-settings",
    "company settings",
    "Company settings",
    "/admin/seo?tab=company",
    { companyName: "Company Name", contactEmail: "Contact Email", footerCopyright: "Footer Copyright Text" },
    readCompanySettings,
    restoreCompanySettingsVersion,
  ),
  settings(
    "notifications",
    null,
    "message settings",
    "Notifications",
    "/admin/notifications",
    { defaultRecipients: "Default recipients", routes: "Recipients by subject", retentionMonths: "Months messages are kept" },
    readMessageSettings,
    restoreMessageSettingsVersion,
  ),
  records({
    section: "products",
    apiName: "products",
    entity: "product",
    noun: "product",
    fields: { name: "Product Name", description: "Description", url: "URL", badge: "Badge", displayOrder: "Display Order" },
    get: getProduct,
    describe: (row) => row.name,
    restore: restoreProductVersion,
  }),
  records({
    section: "stats",
    apiName: "statistics",
    entity: "statistic",
    noun: "statistic",
    fields: { label: "Label", value: "Value", displayOrder: "Display Order" },
    get: getStatistic,
    describe: (row) => `${row.value} ${row.label}`,
    restore: restoreStatisticVersion,
  }),
  records({
    section: "menus",
    apiName: "menu-items",
    entity: "menu item",
    noun: "menu item",
    fields: {
      menuType: "Menu Type",
      label: "Label",
      url: "URL",
      icon: "Icon",
      displayOrder: "Display Order",
      isActive: "Is Active",
      openInNewTab: "Open in New Tab",
      parentId: "Parent ID",
    },
    get: getMenuItem,
    describe: (row) => row.label,
    restore: restoreMenuItemVersion,
  }),
  records({
    section: "news",
    apiName: "posts",
    entity: "post",
    noun: "post",
    fields: {
      title: "Title",
      slug: "Slug",
      summary: "Summary",
      body: "Body",
      category: "Category",
      coverImageId: "Cover image",
      ...PUBLICATION_FIELDS,
      authorName: "Byline",
    },
    get: getPost,
    describe: (row) => row.title,
    restore: restorePostVersion,
  }),
  records({
    section: "careers",
    apiName: "roles",
    entity: "role",
    noun: "role",
    fields: {
      title: "Title",
      slug: "Slug",
      team: "Team",
      location: "Location",
      employmentType: "Employment type",
      displayOrder: "Display order",
      summary: "Summary",
      body: "Body",
      ...PUBLICATION_FIELDS,
      closesAt: "Closes at",
    },
    get: getRole,
    describe: (row) => row.title,
    restore: restoreRoleVersion,
  }),
  records({
    section: "redirects",
    apiName: "redirects",
    entity: "redirect",
    noun: "redirect",
    fields: { from: "From", to: "To", statusCode: "Status", note: "Note" },
    get: getRedirect,
    describe: (row) => row.from,
    restore: restoreRedirectVersion,
  }),
  legal,
];

/** By admin URL segment ("hero", "products"); undefined for anything else. */
export function subjectBySection(section: string | undefined): HistorySubject | undefined {
  return HISTORY_SUBJECTS.find((subject) => subject.section === section);
}

/** By JSON API name ("hero-content", "menu-items"). */
export function subjectByApiName(name: string | undefined): HistorySubject | undefined {
  return HISTORY_SUBJECTS.find((subject) => subject.apiName !== null && subject.apiName === name);
}

/** Putting a deleted record back, by trash collection. */
export const RESTORE_FROM_TRASH: Record<TrashCollection, (id: number, actor: Actor) => Promise<WriteResult<unknown>>> = {
  products: restoreProductFromTrash,
  statistics: restoreStatisticFromTrash,
  "menu-items": restoreMenuItemFromTrash,
  posts: restorePostFromTrash,
  roles: restoreRoleFromTrash,
  redirects: restoreRedirectFromTrash,
};

/** Where a collection's records are edited in the admin, and what one is called there. */
export const TRASH_SECTIONS: Record<TrashCollection, { section: string; noun: string; listUrl: string }> = {
  products: { section: "products", noun: "Product", listUrl: "/admin/products" },
  statistics: { section: "stats", noun: "Statistic", listUrl: "/admin/stats" },
  "menu-items": { section: "menus", noun: "Menu item", listUrl: "/admin/menus" },
  posts: { section: "news", noun: "Post", listUrl: "/admin/news" },
  roles: { section: "careers", noun: "Role", listUrl: "/admin/careers" },
  redirects: { section: "redirects", noun: "Redirect", listUrl: "/admin/redirects" },
};
