-- Issue 42: financial promotions wait for a second person's approval (when the setting is on), and the register of
-- approvals, rejections and withdrawals is kept unchanged: the trigger below refuses UPDATE and DELETE on it.
CREATE TABLE "approval_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_settings_singleton" CHECK ("approval_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "promotion_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"decision" text NOT NULL,
	"collection" text NOT NULL,
	"record_id" integer,
	"version_id" integer,
	"label" text NOT NULL,
	"owner" text NOT NULL,
	"products" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"pages" jsonb NOT NULL,
	"snapshot_sha256" text NOT NULL,
	"authors" jsonb NOT NULL,
	"decided_by" text NOT NULL,
	"rationale" text NOT NULL,
	"review_by" date,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_records_decision" CHECK ("promotion_records"."decision" in ('approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "promotion_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection" text NOT NULL,
	"record_id" integer,
	"base_version" integer,
	"values" jsonb NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"author_email" text NOT NULL,
	"author_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "promotion_versions_collection" CHECK ("promotion_versions"."collection" in ('hero-content', 'products', 'statistics')),
	CONSTRAINT "promotion_versions_status" CHECK ("promotion_versions"."status" in ('pending', 'approved', 'rejected', 'superseded'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_records_reference" ON "promotion_records" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "promotion_records_record" ON "promotion_records" USING btree ("collection","record_id","decided_at");--> statement-breakpoint
CREATE INDEX "promotion_versions_status" ON "promotion_versions" USING btree ("status","created_at");--> statement-breakpoint
CREATE FUNCTION "promotion_records_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The register of financial promotions is kept as written: % is refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "promotion_records_unchanged" BEFORE UPDATE OR DELETE ON "promotion_records"
  FOR EACH ROW EXECUTE FUNCTION "promotion_records_unchanged"();--> statement-breakpoint
CREATE TRIGGER "promotion_records_not_truncated" BEFORE TRUNCATE ON "promotion_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "promotion_records_unchanged"();
