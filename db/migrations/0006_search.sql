CREATE TABLE "page_sections" (
	"url" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"page_label" text NOT NULL,
	"position" integer NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
-- Site search in the database (issue 19): a generated tsvector and a GIN index per searched table, the same
-- SQL on PGlite and PostgreSQL. The columns are not in db/schema.ts on purpose: drizzle never selects them.
-- Markdown's punctuation, link targets and heading anchors are not words.
CREATE FUNCTION markdown_words(markdown text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(markdown, ''), '\{#[^}]*\}', ' ', 'g'), '\]\([^)]*\)', ' ', 'g'), '^[ \t]*([-+]|[0-9]+\.)[ \t]+', '', 'gn'), '[#*_`>|~!\[\]\u0002\u0003]+', ' ', 'g')
$$;
--> statement-breakpoint
ALTER TABLE "page_sections" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "body"), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "page_sections_search" ON "page_sections" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "summary"), 'B') ||
  setweight(to_tsvector('english', markdown_words("body")), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "posts_search" ON "posts" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A') ||
  setweight(to_tsvector('english', "team" || ' ' || "location" || ' ' || "summary"), 'B') ||
  setweight(to_tsvector('english', markdown_words("body")), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "roles_search" ON "roles" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "name"), 'A') ||
  setweight(to_tsvector('english', "description" || ' ' || CASE "badge" WHEN 'live' THEN 'Live' WHEN 'beta' THEN 'Beta Waitlist' WHEN 'coming_soon' THEN 'Coming Soon' ELSE '' END), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search" ON "products" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "legal_document_versions" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', markdown_words("body")), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "legal_document_versions_search" ON "legal_document_versions" USING gin ("search");
