CREATE TABLE "legal_document_drafts" (
	"key" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"effective_date" date NOT NULL,
	"change_summary" text NOT NULL,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_document_drafts_key" CHECK ("legal_document_drafts"."key" in ('privacy', 'terms', 'cookies'))
);
