import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

export const MENU_TYPES = ["header", "footer", "sidebar"] as const;
export const PRODUCT_BADGES = ["live", "coming_soon", "beta"] as const;
export const OPERATOR_ROLES = ["admin", "editor", "approver"] as const;
export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Incremented on every update; a save from an older copy is refused (optimistic concurrency). */
const version = integer("version").notNull().default(1);

/** Singleton tables hold at most one row: id is always 1. */
const singletonId = integer("id").primaryKey().default(1);
const singletonCheck = (name: string, id: AnyPgColumn) => check(`${name}_singleton`, sql`${id} = 1`);

export const companySettings = pgTable(
  "company_settings",
  {
    id: singletonId,
    companyName: text("company_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    footerCopyright: text("footer_copyright").notNull(),
    version,
    ...timestamps,
  },
  (t) => [singletonCheck("company_settings", t.id)],
);

export const seoSettings = pgTable(
  "seo_settings",
  {
    id: singletonId,
    pageTitle: text("page_title").notNull(),
    metaDescription: text("meta_description").notNull(),
    keywords: text("keywords").notNull().default(""),
    gaTrackingId: text("ga_tracking_id").notNull().default(""),
    organizationName: text("organization_name").notNull(),
    websiteUrl: text("website_url").notNull(),
    logoUrl: text("logo_url").notNull().default(""),
    contactEmail: text("contact_email").notNull(),
    socialUrls: text("social_urls").array().notNull().default(sql`'{}'::text[]`),
    /** The image a shared link shows when its page has none of its own (og:image, twitter:image). */
    ogImageId: integer("og_image_id").references((): AnyPgColumn => media.id, { onDelete: "restrict" }),
    /** The organisation's logo from the media library; when set it is used in place of `logoUrl`. */
    logoImageId: integer("logo_image_id").references((): AnyPgColumn => media.id, { onDelete: "restrict" }),
    version,
    ...timestamps,
  },
  (t) => [singletonCheck("seo_settings", t.id)],
);

export const heroContent = pgTable(
  "hero_content",
  {
    id: singletonId,
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    primaryCtaText: text("primary_cta_text").notNull(),
    primaryCtaUrl: text("primary_cta_url").notNull(),
    secondaryCtaText: text("secondary_cta_text"),
    secondaryCtaUrl: text("secondary_cta_url"),
    version,
    ...timestamps,
  },
  (t) => [singletonCheck("hero_content", t.id)],
);

export const menuItems = pgTable(
  "menu_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    menuType: text("menu_type", { enum: MENU_TYPES }).notNull(),
    label: text("label").notNull(),
    url: text("url").notNull(),
    icon: text("icon"),
    displayOrder: integer("display_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    openInNewTab: boolean("open_in_new_tab").notNull().default(false),
    parentId: integer("parent_id").references((): AnyPgColumn => menuItems.id, { onDelete: "set null" }),
    version,
    ...timestamps,
  },
  (t) => [
    check("menu_items_menu_type", sql`${t.menuType} in ('header', 'footer', 'sidebar')`),
    check("menu_items_display_order", sql`${t.displayOrder} >= 0`),
    check("menu_items_not_own_parent", sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
    index("menu_items_type_order").on(t.menuType, t.displayOrder),
  ],
);

export const statistics = pgTable(
  "statistics",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    label: text("label").notNull(),
    value: text("value").notNull(),
    displayOrder: integer("display_order").notNull().default(0),
    version,
    ...timestamps,
  },
  (t) => [check("statistics_display_order", sql`${t.displayOrder} >= 0`)],
);

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    url: text("url").notNull(),
    badge: text("badge", { enum: PRODUCT_BADGES }),
    displayOrder: integer("display_order").notNull().default(0),
    /** Issue 37: which prescribed risk warning its promotions carry (none for mainstream). */
    riskClass: text("risk_class", { enum: ["mainstream", "rmmi", "cryptoasset"] }).notNull().default("mainstream"),
    /** Issue 37: the "Take 2 mins to learn more" page of a high-risk product (/risk-summary/{slug}). */
    riskSummary: text("risk_summary").notNull().default(""),
    version,
    ...timestamps,
  },
  (t) => [
    check("products_badge", sql`${t.badge} is null or ${t.badge} in ('live', 'coming_soon', 'beta')`),
    check("products_display_order", sql`${t.displayOrder} >= 0`),
    check("products_risk_class", sql`${t.riskClass} in ('mainstream', 'rmmi', 'cryptoasset')`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    // Newest first with the id as the tie-break: the inbox's pages and the CSV export's keyset batches.
    index("contact_messages_newest").on(t.receivedAt, t.id),
    // Finding one person's messages (a subject access or erasure request) by their address, in any case.
    index("contact_messages_email").on(sql`lower(${t.email})`),
    // The unread count every admin screen shows (the sidebar's badge, the dashboard): the unread alone.
    index("contact_messages_unread").on(t.id).where(sql`${t.readAt} is null`),
  ],
);

export const NOTIFICATION_STATUSES = ["queued", "sent", "failed"] as const;

/**
 * The outbox: one row per message and recipient, inserted in the transaction that stores the message, and
 * delivered after it by any instance (claimed with FOR UPDATE SKIP LOCKED and a lease, so that no two
 * instances send one row at once, and a row claimed by an instance that died is taken up again).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The contact message it tells of; null for a waitlist e-mail (exactly one of the two is set). */
    messageId: integer("message_id").references(() => contactMessages.id, { onDelete: "cascade" }),
    /** The waitlist entry whose confirmation e-mail this is (migration 0014); deleted with the entry. */
    waitlistEntryId: integer("waitlist_entry_id").references((): AnyPgColumn => waitlistEntries.id, { onDelete: "cascade" }),
    /** The weekly digest of promotions due for review whose e-mail this is (migration 0017). */
    reviewDigestId: integer("review_digest_id").references((): AnyPgColumn => reviewDigests.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    status: text("status", { enum: NOTIFICATION_STATUSES }).notNull().default("queued"),
    /** Delivery attempts begun (a claim counts one). */
    attempts: integer("attempts").notNull().default(0),
    /** A queued row is not tried before this. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Retries end 24 hours after the first attempt (not after the row was made: mail may be unconfigured). */
    firstAttemptAt: timestamp("first_attempt_at", { withTimezone: true }),
    /** The claim of the instance sending it now, and when that claim lapses. */
    claimToken: text("claim_token"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** "smtp", or "file" for a local site's .eml files. */
    deliveredVia: text("delivered_via"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_message").on(t.messageId),
    index("notifications_waitlist_entry").on(t.waitlistEntryId),
    index("notifications_review_digest").on(t.reviewDigestId),
    check("notifications_subject", sql`num_nonnulls(${t.messageId}, ${t.waitlistEntryId}, ${t.reviewDigestId}) = 1`),
    index("notifications_due").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    check("notifications_status", sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

/**
 * The public pages' copy as site search reads it (a row per page and per section with its own anchor),
 * written from app/content when the code's copy changes. Its `search` column, like those of `posts`,
 * `roles`, `products` and `legal_document_versions`, is a generated tsvector with a GIN index made in
 * migration 0006 and deliberately left out of this schema, so that no query selects it by accident.
 */
export const pageSections = pgTable("page_sections", {
  url: text("url").primaryKey(),
  title: text("title").notNull(),
  pageLabel: text("page_label").notNull(),
  /** The site's order, for results that rank the same. */
  position: integer("position").notNull(),
  body: text("body").notNull(),
});

/** Who is told of a new message, and how long messages are kept. One row. */
export const messageSettings = pgTable(
  "message_settings",
  {
    id: singletonId,
    defaultRecipients: text("default_recipients").array().notNull().default(sql`'{}'::text[]`),
    /** Recipients of a preset subject: [{ subject, recipients }]; a subject left out goes to the defaults. */
    routes: jsonb("routes").$type<{ subject: string; recipients: string[] }[]>().notNull().default(sql`'[]'::jsonb`),
    /** Messages (and their notifications) are deleted this many months after they arrived. */
    retentionMonths: integer("retention_months").notNull().default(24),
    version,
    ...timestamps,
  },
  (t) => [
    singletonCheck("message_settings", t.id),
    check("message_settings_retention", sql`${t.retentionMonths} between 1 and 120`),
  ],
);

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("users_email").on(t.email)],
);

/**
 * Who may sign in to the admin and with which role (issue 36). The address is the identity provider's
 * verified e-mail, lowercased; a session's user is an operator while a row here has their address.
 */
export const operators = pgTable(
  "operators",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: OPERATOR_ROLES }).notNull(),
    version,
    ...timestamps,
    /**
     * Set when an admin removes the operator: they sign in no more, and an ADMIN_EMAILS address does not
     * come back as an admin at its next sign-in. Adding the address again clears it.
     */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("operators_email").on(t.email),
    check("operators_role", sql`${t.role} in ('admin', 'editor', 'approver')`),
    check("operators_email_lowercase", sql`${t.email} = lower(${t.email})`),
  ],
);

/** The cookie holds a random token; only its SHA-256 is stored, so a copy of this table signs nobody in. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    /** How the session is named to its operator and in the API (ending it): never the token or its hash. */
    publicId: uuid("public_id").notNull().defaultRandom(),
    /** The browser's User-Agent at sign-in (cut to 500 characters), to tell one's devices apart. */
    userAgent: text("user_agent").notNull().default(""),
    /** The ID token's `amr` at sign-in, space-separated (RFC 8176: "pwd otp"), and its `acr`: the second factor's record. */
    authMethods: text("auth_methods").notNull().default(""),
    authContext: text("auth_context").notNull().default(""),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessions_user").on(t.userId),
    index("sessions_expires").on(t.expiresAt),
    uniqueIndex("sessions_public_id").on(t.publicId),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    summary: text("summary").notNull(),
    changes: jsonb("changes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("audit_log_action", sql`${t.action} in ('create', 'update', 'delete')`),
    index("audit_log_created").on(t.createdAt),
    // What others changed on one record (the message of a refused stale save), however long the log grows.
    index("audit_log_record").on(t.entity, t.entityId),
  ],
);

/**
 * Addresses the site answers itself: `from` (normalised, see app/utils/site-paths.ts) goes to `to`
 * (a path on this site or an http(s) URL; empty for 410 Gone). Hits are added in batches, not per request.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    from: text("from_path").notNull(),
    to: text("target").notNull().default(""),
    statusCode: integer("status_code").notNull(),
    note: text("note").notNull().default(""),
    hits: integer("hits").notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("redirects_from_path").on(t.from),
    check("redirects_status_code", sql`${t.statusCode} in (301, 302, 307, 308, 410)`),
    check("redirects_target", sql`(${t.statusCode} = 410) = (${t.to} = '')`),
  ],
);

/**
 * Addresses visitors reached that the site does not have (path only), written in batches and trimmed to
 * the most recent NOT_FOUND_LOG_CAP paths, so a scan cannot grow it.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    path: text("path").primaryKey(),
    hits: integer("hits").notNull().default(0),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    referrerHost: text("referrer_host"),
    ignored: boolean("ignored").notNull().default(false),
  },
  (t) => [index("not_found_paths_last_seen").on(t.lastSeenAt), index("not_found_paths_hits").on(t.hits)],
);

/** Fixed-window counters shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});

/** Facts about the database itself, such as whether the default content was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const POST_CATEGORIES = ["news", "product_update", "partnership", "research_note"] as const;
export const PUBLICATION_STATUSES = ["draft", "published"] as const;
export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "internship"] as const;
export const LEGAL_DOCUMENT_KEYS = ["privacy", "terms", "cookies"] as const;
export const PREVIEW_KINDS = ["post", "role"] as const;

/**
 * A record that is published by itself at a time: visitors see it when `status` is published and
 * `publishedAt` (set at publication from `publishAt`, or the moment of publishing) has passed.
 */
const publication = {
  status: text("status", { enum: PUBLICATION_STATUSES }).notNull().default("draft"),
  /** The time the operator asked for; null means "when published". */
  publishAt: timestamp("publish_at", { withTimezone: true }),
  /** The time visitors see it from; null while a draft. Kept when a published record is edited. */
  publishedAt: timestamp("published_at", { withTimezone: true }),
};

/**
 * A Markdown body rendered once, when it is written (app/models/rendered-bodies.server.ts), so that a view
 * never renders Markdown. `renderedWith` names the renderer and the site origin they were made for: rows
 * made otherwise (older rows, another PUBLIC_URL) are rendered again at the next start.
 */
const renderedBody = {
  bodyHtml: text("body_html").notNull().default(""),
  /** The body's words without markup (summary first), for JSON-LD. */
  bodyText: text("body_text").notNull().default(""),
  /** The start of bodyText, a few KB at most: the only text a search extract is made from. */
  searchExcerpt: text("search_excerpt").notNull().default(""),
  renderedWith: text("rendered_with"),
};

/** Newsroom posts: Markdown bodies, in one of the Newsroom's sections. */
export const posts = pgTable(
  "posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    ...renderedBody,
    category: text("category", { enum: POST_CATEGORIES }).notNull(),
    ...publication,
    /** The byline: the operator who wrote it, kept if their account goes. */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    coverImageId: integer("cover_image_id").references((): AnyPgColumn => media.id, { onDelete: "restrict" }),
    /** Marked by its editor (issue 42): while approval is on, publishing it waits for an approver. */
    financialPromotion: boolean("financial_promotion").notNull().default(false),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("posts_slug").on(t.slug),
    check("posts_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("posts_category", sql`${t.category} in ('news', 'product_update', 'partnership', 'research_note')`),
    check("posts_status", sql`${t.status} in ('draft', 'published')`),
    check("posts_published_at", sql`(${t.status} = 'published') = (${t.publishedAt} is not null)`),
    index("posts_published").on(t.status, t.publishedAt),
    index("posts_cover_image").on(t.coverImageId),
  ],
);

/** Open roles on /careers; a role leaves the site by itself after `closesAt`. */
export const roles = pgTable(
  "roles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    team: text("team").notNull(),
    location: text("location").notNull(),
    employmentType: text("employment_type", { enum: EMPLOYMENT_TYPES }).notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    ...renderedBody,
    /** The body as a card on /careers shows it (headings under the card's, ids after the role's slug). */
    cardHtml: text("card_html").notNull().default(""),
    ...publication,
    closesAt: timestamp("closes_at", { withTimezone: true }),
    displayOrder: integer("display_order").notNull().default(0),
    /** Marked by its editor (issue 42): while approval is on, publishing it waits for an approver. */
    financialPromotion: boolean("financial_promotion").notNull().default(false),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("roles_slug").on(t.slug),
    check("roles_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("roles_employment_type", sql`${t.employmentType} in ('full_time', 'part_time', 'contract', 'internship')`),
    check("roles_status", sql`${t.status} in ('draft', 'published')`),
    check("roles_published_at", sql`(${t.status} = 'published') = (${t.publishedAt} is not null)`),
    check("roles_display_order", sql`${t.displayOrder} >= 0`),
  ],
);

/**
 * Privacy, terms and cookies: every change is a new row, never an update. The current version of a
 * document is its newest whose effective date has come.
 */
export const legalDocumentVersions = pgTable(
  "legal_document_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key", { enum: LEGAL_DOCUMENT_KEYS }).notNull(),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    changeSummary: text("change_summary").notNull(),
    actorEmail: text("actor_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("legal_document_versions_key_version").on(t.key, t.version),
    check("legal_document_versions_key", sql`${t.key} in ('privacy', 'terms', 'cookies')`),
    check("legal_document_versions_version", sql`${t.version} >= 1`),
  ],
);

/**
 * Links that show a draft or scheduled post or role to someone who does not sign in. Only the token's
 * SHA-256 is stored; a link ends at `expiresAt`, when it is deleted, or when its record is published.
 */
export const previewLinks = pgTable(
  "preview_links",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    kind: text("kind", { enum: PREVIEW_KINDS }).notNull(),
    recordId: integer("record_id").notNull(),
    createdBy: text("created_by").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("preview_links_token_hash").on(t.tokenHash),
    index("preview_links_record").on(t.kind, t.recordId),
    check("preview_links_kind", sql`${t.kind} in ('post', 'role')`),
  ],
);

export const TRASH_COLLECTIONS = ["products", "statistics", "menu-items", "posts", "roles", "redirects"] as const;

/**
 * Every committed write to an operator-edited record keeps a snapshot of the record after it, written in
 * the write's transaction: `values` holds the editable fields (dates as ISO strings), `changedFields` the
 * names of those the write changed. A record's first revision may be a baseline made when history began
 * (no actor), written with the first change after it.
 */
export const revisions = pgTable(
  "revisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    version: integer("version").notNull(),
    values: jsonb("values").notNull(),
    changedFields: text("changed_fields").array().notNull().default(sql`'{}'::text[]`),
    /** How the version came about when it was not an edit: "Restored version 3", "Restored from the trash". */
    note: text("note").notNull().default(""),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Empty for a baseline: the version the record had when history began. */
    actorEmail: text("actor_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("revisions_entity_version").on(t.entity, t.entityId, t.version)],
);

/**
 * Deleted records, kept for TRASH_DAYS so they can be put back with the same id: `values` is the whole row
 * (dates as ISO strings); `children` the menu items that went with a deleted menu item, deepest last.
 */
export const trash = pgTable(
  "trash",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    collection: text("collection", { enum: TRASH_COLLECTIONS }).notNull(),
    recordId: integer("record_id").notNull(),
    label: text("label").notNull(),
    values: jsonb("values").notNull(),
    children: jsonb("children").notNull().default(sql`'[]'::jsonb`),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    deletedBy: text("deleted_by").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("trash_record").on(t.collection, t.recordId),
    index("trash_deleted_at").on(t.deletedAt),
    check("trash_collection", sql`${t.collection} in ('products', 'statistics', 'menu-items', 'posts', 'roles', 'redirects')`),
  ],
);

export const MEDIA_SOURCE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;
export const MEDIA_FORMATS = ["avif", "webp", "jpeg", "png"] as const;

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

/**
 * Images uploaded to the media library. The upload itself is not kept (it may carry EXIF, GPS and camera
 * serials): only what was measured of it and the re-encoded variants in `media_variants`. `hash` is the
 * SHA-256 of the uploaded bytes, the key of every address the image is served at.
 */
export const media = pgTable(
  "media",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    hash: text("hash").notNull(),
    alt: text("alt").notNull(),
    fileName: text("file_name").notNull().default(""),
    /** The uploaded file's type, decided from its bytes. */
    sourceType: text("source_type", { enum: MEDIA_SOURCE_TYPES }).notNull(),
    /** The upload's size in bytes. */
    byteSize: integer("byte_size").notNull(),
    /** Upright (orientation applied), in pixels. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The format a browser that takes neither AVIF nor WebP is sent: JPEG, or PNG for an image with transparency. */
    fallbackFormat: text("fallback_format", { enum: MEDIA_FORMATS }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    uploadedBy: text("uploaded_by").notNull(),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("media_hash").on(t.hash),
    index("media_created_at").on(t.createdAt),
    check("media_dimensions", sql`${t.width} > 0 and ${t.height} > 0`),
    check("media_source_type", sql`${t.sourceType} in ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif')`),
    check("media_fallback_format", sql`${t.fallbackFormat} in ('jpeg', 'png')`),
  ],
);

/** One encoding of a media image at one width: what /media/{hash}/{width} serves. */
export const mediaVariants = pgTable(
  "media_variants",
  {
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format", { enum: MEDIA_FORMATS }).notNull(),
    bytes: bytea("bytes").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** A strong validator: the SHA-256 of the bytes, base64url. */
    etag: text("etag").notNull(),
  },
  (t) => [
    uniqueIndex("media_variants_key").on(t.mediaId, t.width, t.format),
    check("media_variants_format", sql`${t.format} in ('avif', 'webp', 'jpeg', 'png')`),
  ],
);

/** Issue 42: whether saving a financial promotion waits for a second person's approval (off by default). */
export const approvalSettings = pgTable(
  "approval_settings",
  {
    id: singletonId,
    required: boolean("required").notNull().default(false),
    version,
    ...timestamps,
  },
  (t) => [singletonCheck("approval_settings", t.id)],
);

export const PROMOTION_COLLECTIONS = [
  "hero-content",
  "products",
  "statistics",
  "posts",
  "roles",
  "regulatory-status",
  "risk-warnings",
] as const;
export const PROMOTION_VERSION_STATUSES = ["pending", "approved", "rejected", "superseded"] as const;

/**
 * A saved change to a financial promotion that is not live yet: the values as validated, waiting for an
 * approver. `recordId` null: a new record. Approved, its values are written to the record by the approver.
 */
export const promotionVersions = pgTable(
  "promotion_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    collection: text("collection", { enum: PROMOTION_COLLECTIONS }).notNull(),
    recordId: integer("record_id"),
    /** The live record's version the change was made from; an approval of it is refused once that moved on. */
    baseVersion: integer("base_version"),
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    label: text("label").notNull(),
    status: text("status", { enum: PROMOTION_VERSION_STATUSES }).notNull().default("pending"),
    authorEmail: text("author_email").notNull(),
    authorUserId: integer("author_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    /** A rejection's reason, shown to the author. */
    reason: text("reason").notNull().default(""),
  },
  (t) => [
    index("promotion_versions_status").on(t.status, t.createdAt),
    check(
      "promotion_versions_collection",
      sql`${t.collection} in ('hero-content', 'products', 'statistics', 'posts', 'roles', 'regulatory-status', 'risk-warnings')`,
    ),
    check("promotion_versions_status", sql`${t.status} in ('pending', 'approved', 'rejected', 'superseded')`),
  ],
);

export const PROMOTION_DECISIONS = ["approved", "rejected", "withdrawn"] as const;

/**
 * The register of financial promotions (COBS 4.11): one row per approval, rejection or withdrawal, never
 * changed or deleted (a trigger refuses UPDATE and DELETE). An approval keeps the values that went live, the
 * pages visitors were then sent and the SHA-256 of that snapshot.
 */
export const promotionRecords = pgTable(
  "promotion_records",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** FP-2026-0001: the number a compliance log is kept by. */
    reference: text("reference").notNull(),
    decision: text("decision", { enum: PROMOTION_DECISIONS }).notNull(),
    collection: text("collection", { enum: PROMOTION_COLLECTIONS }).notNull(),
    recordId: integer("record_id"),
    versionId: integer("version_id"),
    label: text("label").notNull(),
    /** Who answers for the promotion: the company's name at the time. */
    owner: text("owner").notNull(),
    /** The products it describes (names). */
    products: jsonb("products").$type<string[]>().notNull(),
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    /** The public pages it appears on, each with the HTML visitors were sent once it was approved. */
    pages: jsonb("pages").$type<{ path: string; html: string }[]>().notNull(),
    snapshotSha256: text("snapshot_sha256").notNull(),
    authors: jsonb("authors").$type<string[]>().notNull(),
    decidedBy: text("decided_by").notNull(),
    /** Why it is fair, clear and not misleading (an approval), or why not (a rejection, a withdrawal). */
    rationale: text("rationale").notNull(),
    reviewBy: date("review_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promotion_records_reference").on(t.reference),
    index("promotion_records_record").on(t.collection, t.recordId, t.decidedAt),
    check("promotion_records_decision", sql`${t.decision} in ('approved', 'rejected', 'withdrawn')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Regulatory status (issue 37): the one record the footer's disclosure, the Organization JSON-LD and
// GET /api/regulatory-status are generated from. A scheduled status (the `scheduled_*` columns) takes
// effect by itself at `takes_effect_at`: reads compare it with the clock, as scheduled posts do.
// ---------------------------------------------------------------------------------------------------------

export const REGISTERED_IN = ["england_and_wales", "scotland", "northern_ireland"] as const;
export const FCA_STATUSES = ["not_authorised", "appointed_representative", "authorised"] as const;

export const regulatoryStatus = pgTable(
  "regulatory_status",
  {
    id: singletonId,
    legalName: text("legal_name").notNull(),
    companyNumber: text("company_number").notNull(),
    registeredIn: text("registered_in").notNull(),
    registeredOffice: text("registered_office").notNull(),
    vatNumber: text("vat_number").notNull().default(""),
    contactEmail: text("contact_email").notNull(),
    fcaStatus: text("fca_status").notNull(),
    principalName: text("principal_name").notNull().default(""),
    principalFrn: text("principal_frn").notNull().default(""),
    firmFrn: text("firm_frn").notNull().default(""),
    /** Empty: nothing scheduled. */
    scheduledStatus: text("scheduled_status").notNull().default(""),
    scheduledPrincipalName: text("scheduled_principal_name").notNull().default(""),
    scheduledPrincipalFrn: text("scheduled_principal_frn").notNull().default(""),
    scheduledFirmFrn: text("scheduled_firm_frn").notNull().default(""),
    takesEffectAt: timestamp("takes_effect_at", { withTimezone: true }),
    version,
    ...timestamps,
  },
  (t) => [
    singletonCheck("regulatory_status", t.id),
    check("regulatory_status_registered_in", sql`${t.registeredIn} in ('england_and_wales', 'scotland', 'northern_ireland')`),
    check("regulatory_status_fca_status", sql`${t.fcaStatus} in ('not_authorised', 'appointed_representative', 'authorised')`),
    check(
      "regulatory_status_scheduled_status",
      sql`${t.scheduledStatus} in ('', 'not_authorised', 'appointed_representative', 'authorised')`,
    ),
  ],
);

/** Issue 37: the prescribed risk warnings, one text per high-risk class, kept as one versioned record. */
export const RISK_CLASSES = ["mainstream", "rmmi", "cryptoasset"] as const;

export const riskWarnings = pgTable(
  "risk_warnings",
  {
    id: singletonId,
    rmmi: text("rmmi").notNull(),
    cryptoasset: text("cryptoasset").notNull(),
    version,
    ...timestamps,
  },
  (t) => [singletonCheck("risk_warnings", t.id)],
);

// ---------------------------------------------------------------------------------------------------------------
// Consent the company can prove (issue 39): the cookie register and a record of every consent choice.
// ---------------------------------------------------------------------------------------------------------------

/** What a cookie or storage item is for; "necessary" never needs consent. Room for more purposes later. */
export const COOKIE_PURPOSES = ["necessary", "analytics"] as const;
export const CONSENT_ACTIONS = ["accept", "decline", "withdraw"] as const;
/** How a choice was given: the banner with or without JavaScript, the cookie policy's settings, the JSON API. */
export const CONSENT_HOW = ["banner-js", "banner-no-js", "cookies-page", "api"] as const;

/**
 * The cookie register (one record, versioned, in history): every cookie and storage item the site sets.
 * consent_version is raised when a save changes the non-necessary items (one added or removed, or its purpose
 * changed): visitors who chose under an older version are asked again.
 */
export const cookieRegister = pgTable(
  "cookie_register",
  {
    id: singletonId,
    items: jsonb("items")
      .$type<{ name: string; provider: string; purpose: (typeof COOKIE_PURPOSES)[number]; duration: string; description: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    consentVersion: integer("consent_version").notNull().default(1),
    /** Consent records are deleted this many months after they were made (the privacy policy states it). */
    consentRetentionMonths: integer("consent_retention_months").notNull().default(24),
    version,
    ...timestamps,
  },
  (t) => [
    singletonCheck("cookie_register", t.id),
    check("cookie_register_consent_version", sql`${t.consentVersion} >= 1`),
    check("cookie_register_retention", sql`${t.consentRetentionMonths} between 1 and 120`),
  ],
);

/**
 * One row per consent choice, never changed: the random consent id the visitor's cookie holds (nothing else
 * identifies them: no IP address, no user agent), the consent version and banner wording version shown, the
 * choice per purpose, the action and how it was given.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    consentId: uuid("consent_id").notNull(),
    consentVersion: integer("consent_version").notNull(),
    wordingVersion: integer("wording_version").notNull(),
    choices: jsonb("choices").$type<Record<string, boolean>>().notNull(),
    action: text("action", { enum: CONSENT_ACTIONS }).notNull(),
    how: text("how", { enum: CONSENT_HOW }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consent_records_consent_id").on(t.consentId, t.recordedAt),
    index("consent_records_recorded_at").on(t.recordedAt),
    check("consent_records_action", sql`${t.action} in ('accept', 'decline', 'withdraw')`),
    check("consent_records_how", sql`${t.how} in ('banner-js', 'banner-no-js', 'cookies-page', 'api')`),
  ],
);

// --- Waitlist (migration 0014) ---------------------------------------------------------------------------

export const WAITLIST_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;

/**
 * A visitor on the waitlist of one or more platforms (products whose badge is beta), by double opt-in. One
 * row per address (stored lower-case). The tokens of its e-mails' links are never stored: only their
 * SHA-256, so that a copy of the database cannot confirm or unsubscribe anyone.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    /** The ids of the products wanted. */
    platforms: integer("platforms").array().notNull().default(sql`'{}'::integer[]`),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("pending"),
    /** SHA-256 (hex) of the confirmation link's token; null once confirmed. */
    confirmTokenHash: text("confirm_token_hash"),
    /** The confirmation link works until then (7 days after it was sent); a pending entry is purged after. */
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    /** SHA-256 (hex) of the unsubscribe token every e-mail carries. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("waitlist_entries_email").on(t.email),
    uniqueIndex("waitlist_entries_confirm_token").on(t.confirmTokenHash),
    uniqueIndex("waitlist_entries_unsubscribe_token").on(t.unsubscribeTokenHash),
    index("waitlist_entries_created").on(t.createdAt),
    check("waitlist_entries_status", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
    check("waitlist_entries_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

/** One promotion a review digest lists, as it stood when the digest was queued. */
export interface ReviewDigestItem {
  /** The register row (its page is /admin/promotions/{id}). */
  recordId: number;
  reference: string;
  label: string;
  /** YYYY-MM-DD. */
  reviewBy: string;
  overdue: boolean;
}

/**
 * The weekly e-mail to an approver of the promotions whose review is due (issue 42, migration 0017): one row
 * per operator and ISO week (London), so a second round or instance cannot queue that week's again.
 */
export const reviewDigests = pgTable(
  "review_digests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    /** "2026-W48": the ISO week of the London date the digest was queued in. */
    week: text("week").notNull(),
    promotions: jsonb("promotions").$type<ReviewDigestItem[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_digests_operator_week").on(t.operatorId, t.week),
    check("review_digests_week_format", sql`${t.week} ~ '^[0-9]{4}-W[0-9]{2}$'`),
  ],
);

/**
 * A legal document's next version while it is being written: at most one per document, never public (not
 * in the versions table, so no public query, API answer or cached page can see it). Publishing it adds the
 * version and deletes the draft in one transaction.
 */
export const legalDocumentDrafts = pgTable(
  "legal_document_drafts",
  {
    key: text("key", { enum: LEGAL_DOCUMENT_KEYS }).primaryKey(),
    body: text("body").notNull(),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    changeSummary: text("change_summary").notNull(),
    actorEmail: text("actor_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("legal_document_drafts_key", sql`${t.key} in ('privacy', 'terms', 'cookies')`)],
);
