DROP INDEX "contact_messages_received";--> statement-breakpoint
CREATE INDEX "audit_log_record" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "contact_messages_newest" ON "contact_messages" USING btree ("received_at","id");