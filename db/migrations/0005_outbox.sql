CREATE TABLE "message_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retention_months" integer DEFAULT 24 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_settings_singleton" CHECK ("message_settings"."id" = 1),
	CONSTRAINT "message_settings_retention" CHECK ("message_settings"."retention_months" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"claim_token" text,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"delivered_via" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_status" CHECK ("notifications"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_message" ON "notifications" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "notifications_due" ON "notifications" USING btree ("next_attempt_at") WHERE "notifications"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "contact_messages_email" ON "contact_messages" USING btree (lower("email"));