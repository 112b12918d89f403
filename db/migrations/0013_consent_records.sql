-- Issue 39: the cookie register (one versioned record) and a record of every consent choice (no IP address, no
-- user agent: a random consent id is all that links a visitor's choices).
CREATE TABLE "cookie_register" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"consent_version" integer DEFAULT 1 NOT NULL,
	"consent_retention_months" integer DEFAULT 24 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cookie_register_singleton" CHECK ("cookie_register"."id" = 1),
	CONSTRAINT "cookie_register_consent_version" CHECK ("cookie_register"."consent_version" >= 1),
	CONSTRAINT "cookie_register_retention" CHECK ("cookie_register"."consent_retention_months" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"consent_id" uuid NOT NULL,
	"consent_version" integer NOT NULL,
	"wording_version" integer NOT NULL,
	"choices" jsonb NOT NULL,
	"action" text NOT NULL,
	"how" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_action" CHECK ("consent_records"."action" in ('accept', 'decline', 'withdraw')),
	CONSTRAINT "consent_records_how" CHECK ("consent_records"."how" in ('banner-js', 'banner-no-js', 'cookies-page', 'api'))
);
--> statement-breakpoint
CREATE INDEX "consent_records_consent_id" ON "consent_records" USING btree ("consent_id","recorded_at");
--> statement-breakpoint
CREATE INDEX "consent_records_recorded_at" ON "consent_records" USING btree ("recorded_at");
