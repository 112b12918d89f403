CREATE TABLE "legal_document_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_document_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"effective_date" date NOT NULL,
	"change_summary" text NOT NULL,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_document_versions_key" CHECK ("legal_document_versions"."key" in ('privacy', 'terms', 'cookies')),
	CONSTRAINT "legal_document_versions_version" CHECK ("legal_document_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"author_id" integer,
	"author_name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_slug_format" CHECK ("posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "posts_category" CHECK ("posts"."category" in ('news', 'product_update', 'partnership', 'research_note')),
	CONSTRAINT "posts_status" CHECK ("posts"."status" in ('draft', 'published')),
	CONSTRAINT "posts_published_at" CHECK (("posts"."status" = 'published') = ("posts"."published_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "preview_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "preview_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preview_links_kind" CHECK ("preview_links"."kind" in ('post', 'role'))
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"team" text NOT NULL,
	"location" text NOT NULL,
	"employment_type" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"display_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_slug_format" CHECK ("roles"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "roles_employment_type" CHECK ("roles"."employment_type" in ('full_time', 'part_time', 'contract', 'internship')),
	CONSTRAINT "roles_status" CHECK ("roles"."status" in ('draft', 'published')),
	CONSTRAINT "roles_published_at" CHECK (("roles"."status" = 'published') = ("roles"."published_at" is not null)),
	CONSTRAINT "roles_display_order" CHECK ("roles"."display_order" >= 0)
);
--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_document_versions_key_version" ON "legal_document_versions" USING btree ("key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug" ON "posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "posts_published" ON "posts" USING btree ("status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "preview_links_token_hash" ON "preview_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "preview_links_record" ON "preview_links" USING btree ("kind","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_slug" ON "roles" USING btree ("slug");