import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

export const MENU_TYPES = ["header", "footer", "sidebar"] as const;
export const PRODUCT_BADGES = ["live", "coming_soon", "beta"] as const;
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
    version,
    ...timestamps,
  },
  (t) => [
    check("products_badge", sql`${t.badge} is null or ${t.badge} in ('live', 'coming_soon', 'beta')`),
    check("products_display_order", sql`${t.displayOrder} >= 0`),
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
  (t) => [index("contact_messages_received").on(t.receivedAt)],
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

/** The cookie holds a random token; only its SHA-256 is stored, so a copy of this table signs nobody in. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
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
