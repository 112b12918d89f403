-- Issue 37: with approval on, a change to the regulatory status or to the risk warnings is a financial
-- promotion waiting for an approver, like the hero (decision 0028).
ALTER TABLE "promotion_versions" DROP CONSTRAINT "promotion_versions_collection";--> statement-breakpoint
ALTER TABLE "promotion_versions" ADD CONSTRAINT "promotion_versions_collection" CHECK ("promotion_versions"."collection" in ('hero-content', 'products', 'statistics', 'posts', 'roles', 'regulatory-status', 'risk-warnings'));
--> statement-breakpoint
-- Issue 37: a database seeded before today keeps the company's details and status typed into its legal
-- documents. Each one that does gets a new version, in effect today, that says the same through the regulatory
-- status record's tokens (the terms' status in the record's words), so a change of status changes them too.
INSERT INTO "legal_document_versions" ("key", "version", "title", "body", "effective_date", "change_summary", "actor_email")
SELECT v."key", v."version" + 1, v."title",
  replace(replace(replace(replace(v."body",
    'Kestrel Insight Ltd is not currently authorised by the Financial Conduct Authority.', '{{regulatory-disclosure}}'),
    'registered in England and Wales with company number 14829361', 'registered in {{registered-in}} with company number {{company-number}}'),
    'Unit 4, Larkspur Yard, 118 Curtain Road, London, EC2A 3AY, United Kingdom', '{{registered-office}}'),
    'Kestrel Insight Ltd', '{{company-legal-name}}'),
  (now() AT TIME ZONE 'Europe/London')::date,
  CASE WHEN v."key" = 'terms'
    THEN 'Our regulatory status is now stated as the regulatory status record gives it, in the words the rules use ("is not authorised or regulated by the Financial Conduct Authority"), and the company''s name from the same record.'
    ELSE 'No change to what it says: the company''s name, number and registered office now come from the regulatory status record, so they follow it.'
  END,
  'migration'
FROM "legal_document_versions" v
WHERE v."version" = (SELECT max(w."version") FROM "legal_document_versions" w WHERE w."key" = v."key")
  AND v."effective_date" <= (now() AT TIME ZONE 'Europe/London')::date
  AND v."body" LIKE '%Kestrel Insight Ltd%';
