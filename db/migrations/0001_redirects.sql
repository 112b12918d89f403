CREATE TABLE "not_found_paths" (
	"path" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"referrer_host" text,
	"ignored" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redirects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_path" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"status_code" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_status_code" CHECK ("redirects"."status_code" in (301, 302, 307, 308, 410)),
	CONSTRAINT "redirects_target" CHECK (("redirects"."status_code" = 410) = ("redirects"."target" = ''))
);
--> statement-breakpoint
CREATE INDEX "not_found_paths_last_seen" ON "not_found_paths" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "not_found_paths_hits" ON "not_found_paths" USING btree ("hits");--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_from_path" ON "redirects" USING btree ("from_path");