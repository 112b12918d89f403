-- Issue 42: the weekly e-mail to approvers of the promotions whose review is due. One row per approver and
-- week (the unique key is what keeps a second round, or a second instance, from queuing it again), with the
-- promotions it lists; its notification goes through the outbox like the others.
CREATE TABLE "review_digests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"week" text NOT NULL,
	"promotions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_digests_week_format" CHECK ("review_digests"."week" ~ '^[0-9]{4}-W[0-9]{2}$')
);--> statement-breakpoint
ALTER TABLE "review_digests" ADD CONSTRAINT "review_digests_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_digests_operator_week" ON "review_digests" USING btree ("operator_id","week");--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "review_digest_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_review_digest_id_review_digests_id_fk" FOREIGN KEY ("review_digest_id") REFERENCES "public"."review_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_subject";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject" CHECK (num_nonnulls("notifications"."message_id", "notifications"."waitlist_entry_id", "notifications"."review_digest_id") = 1);--> statement-breakpoint
CREATE INDEX "notifications_review_digest" ON "notifications" USING btree ("review_digest_id");
