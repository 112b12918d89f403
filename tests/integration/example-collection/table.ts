import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Steps 1 and 2 of docs/adding-a-record-type.md: the table as db/schema.ts would declare it, and the SQL
// `npm run db:generate` would write for it.

export const awards = pgTable(
  "awards",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    awardedBy: text("awarded_by").notNull(),
    displayOrder: integer("display_order").notNull().default(0),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("awards_display_order_check", sql`${table.displayOrder} >= 0`)],
);

/** The generated migration: the table, and the trash's check that now takes its name. */
export const AWARDS_MIGRATION = [
  `
CREATE TABLE IF NOT EXISTS "awards" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "title" text NOT NULL,
  "awarded_by" text NOT NULL,
  "display_order" integer DEFAULT 0 NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "awards_display_order_check" CHECK ("display_order" >= 0)
)`,
  `ALTER TABLE "trash" DROP CONSTRAINT "trash_collection"`,
  `ALTER TABLE "trash" ADD CONSTRAINT "trash_collection" CHECK ("trash"."collection" in ('products', 'statistics', 'menu-items', 'posts', 'roles', 'redirects', 'awards'))`,
];
