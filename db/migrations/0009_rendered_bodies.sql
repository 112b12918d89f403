-- Issue 33: a post's or role's Markdown is rendered once when it is written, and the HTML, the plain text and a
-- bounded search excerpt are kept beside the source. Rows written before this have rendered_with null: the
-- server renders them at its next start (app/models/rendered-bodies.server.ts), before it answers.
ALTER TABLE "posts" ADD COLUMN "body_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "body_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_excerpt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "rendered_with" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "body_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "body_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "search_excerpt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "rendered_with" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "card_html" text DEFAULT '' NOT NULL;