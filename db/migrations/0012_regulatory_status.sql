CREATE TABLE "regulatory_status" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"company_number" text NOT NULL,
	"registered_in" text NOT NULL,
	"registered_office" text NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"fca_status" text NOT NULL,
	"principal_name" text DEFAULT '' NOT NULL,
	"principal_frn" text DEFAULT '' NOT NULL,
	"firm_frn" text DEFAULT '' NOT NULL,
	"scheduled_status" text DEFAULT '' NOT NULL,
	"scheduled_principal_name" text DEFAULT '' NOT NULL,
	"scheduled_principal_frn" text DEFAULT '' NOT NULL,
	"scheduled_firm_frn" text DEFAULT '' NOT NULL,
	"takes_effect_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regulatory_status_singleton" CHECK ("regulatory_status"."id" = 1),
	CONSTRAINT "regulatory_status_registered_in" CHECK ("regulatory_status"."registered_in" in ('england_and_wales', 'scotland', 'northern_ireland')),
	CONSTRAINT "regulatory_status_fca_status" CHECK ("regulatory_status"."fca_status" in ('not_authorised', 'appointed_representative', 'authorised')),
	CONSTRAINT "regulatory_status_scheduled_status" CHECK ("regulatory_status"."scheduled_status" in ('', 'not_authorised', 'appointed_representative', 'authorised'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "risk_class" text DEFAULT 'mainstream' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "risk_summary" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_risk_class" CHECK ("products"."risk_class" in ('mainstream', 'rmmi', 'cryptoasset'));
--> statement-breakpoint
CREATE TABLE "risk_warnings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rmmi" text NOT NULL,
	"cryptoasset" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_warnings_singleton" CHECK ("risk_warnings"."id" = 1)
);
--> statement-breakpoint
UPDATE "products" SET "risk_class" = 'rmmi' WHERE "name" IN ('P2P Exchange & Lending', 'Fractional Real Estate Investing');
--> statement-breakpoint
UPDATE "products" SET "risk_class" = 'cryptoasset' WHERE "name" = 'GBP Stable Currency';
