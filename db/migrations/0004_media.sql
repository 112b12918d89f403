CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"alt" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"source_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"fallback_format" text NOT NULL,
	"user_id" integer,
	"uploaded_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_dimensions" CHECK ("media"."width" > 0 and "media"."height" > 0),
	CONSTRAINT "media_source_type" CHECK ("media"."source_type" in ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif')),
	CONSTRAINT "media_fallback_format" CHECK ("media"."fallback_format" in ('jpeg', 'png'))
);
--> statement-breakpoint
CREATE TABLE "media_variants" (
	"media_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "media_variants_format" CHECK ("media_variants"."format" in ('avif', 'webp', 'jpeg', 'png'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "cover_image_id" integer;--> statement-breakpoint
ALTER TABLE "seo_settings" ADD COLUMN "og_image_id" integer;--> statement-breakpoint
ALTER TABLE "seo_settings" ADD COLUMN "logo_image_id" integer;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_hash" ON "media" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "media_created_at" ON "media" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_variants_key" ON "media_variants" USING btree ("media_id","width","format");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_cover_image_id_media_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_settings" ADD CONSTRAINT "seo_settings_og_image_id_media_id_fk" FOREIGN KEY ("og_image_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_settings" ADD CONSTRAINT "seo_settings_logo_image_id_media_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_cover_image" ON "posts" USING btree ("cover_image_id");--> statement-breakpoint
-- Images arrive compressed: store them out of line without trying to compress them again.
ALTER TABLE "media_variants" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
