-- Audit entries name accounts by id, never by email address: the table refuses UPDATE and DELETE, so an
-- address written there would outlive the account it belongs to once that account is deleted. Entries
-- written before this rule held addresses in three places, which they lose here, once, with the
-- append-only trigger held off for these statements only (the migration's own transaction):
-- user.created's "email"; the complimentary Premium entries' "email" (the admin's log now adds the
-- target's current address as it reads them); and the values before and after of a buyer's contact
-- email (the field stays named in "fields").
ALTER TABLE "audit_logs" DISABLE TRIGGER "audit_logs_append_only";--> statement-breakpoint
UPDATE "audit_logs" SET "meta_json" = "meta_json" - 'email'
 WHERE "action" IN ('user.created', 'subscription.complimentary_granted', 'subscription.complimentary_revoked')
   AND jsonb_typeof("meta_json") = 'object' AND "meta_json" ? 'email';--> statement-breakpoint
UPDATE "audit_logs" SET "meta_json" = "meta_json" #- '{before,contactEmail}' #- '{after,contactEmail}'
 WHERE "action" = 'buyer_profile.updated' AND jsonb_typeof("meta_json") = 'object'
   AND ("meta_json" #> '{before,contactEmail}' IS NOT NULL OR "meta_json" #> '{after,contactEmail}' IS NOT NULL);--> statement-breakpoint
ALTER TABLE "audit_logs" ENABLE TRIGGER "audit_logs_append_only";
