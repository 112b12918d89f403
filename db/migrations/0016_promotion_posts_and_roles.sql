-- Issue 42: a news post or an open role an editor marks "This is a financial promotion" waits for approval
-- like the hero, products and statistics. Product updates already published are promotions from today.
ALTER TABLE "posts" ADD COLUMN "financial_promotion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "financial_promotion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "posts" SET "financial_promotion" = true WHERE "category" = 'product_update';--> statement-breakpoint
ALTER TABLE "promotion_versions" DROP CONSTRAINT "promotion_versions_collection";--> statement-breakpoint
ALTER TABLE "promotion_versions" ADD CONSTRAINT "promotion_versions_collection" CHECK ("promotion_versions"."collection" in ('hero-content', 'products', 'statistics', 'posts', 'roles'));
