CREATE TABLE "waitlist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"first_name" text,
	"platforms" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"unsubscribe_token_hash" text NOT NULL,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_status" CHECK ("waitlist_entries"."status" in ('pending', 'confirmed', 'unsubscribed')),
	CONSTRAINT "waitlist_entries_email_lower" CHECK ("waitlist_entries"."email" = lower("waitlist_entries"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_email" ON "waitlist_entries" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_confirm_token" ON "waitlist_entries" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_unsubscribe_token" ON "waitlist_entries" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_entries_created" ON "waitlist_entries" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "waitlist_entry_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject" CHECK (num_nonnulls("notifications"."message_id", "notifications"."waitlist_entry_id") = 1);--> statement-breakpoint
CREATE INDEX "notifications_waitlist_entry" ON "notifications" USING btree ("waitlist_entry_id");
