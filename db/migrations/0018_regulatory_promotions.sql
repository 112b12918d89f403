-- Issue 37: with approval on, a change to the regulatory status or to the risk warnings is a financial
-- promotion waiting for an approver, like the hero (decision 0028).
ALTER TABLE "promotion_versions" DROP CONSTRAINT "promotion_versions_collection";--> statement-breakpoint
ALTER TABLE "promotion_versions" ADD CONSTRAINT "promotion_versions_collection" CHECK ("promotion_versions"."collection" in ('hero-content', 'products', 'statistics', 'posts', 'roles', 'regulatory-status', 'risk-warnings'));
