CREATE TABLE "listing_payout_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"from_payout" numeric(10, 2) NOT NULL,
	"to_payout" numeric(10, 2) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_logs_user_idx";--> statement-breakpoint
DROP INDEX "deal_intents_buyer_idx";--> statement-breakpoint
DROP INDEX "deal_intents_publisher_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "buyer_listings" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_listings" ADD COLUMN "dispute_window_days" integer;--> statement-breakpoint
ALTER TABLE "compliance" ADD COLUMN "ack_text_version" text;--> statement-breakpoint
ALTER TABLE "deal_intents" ADD COLUMN "listing_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_intents" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "deal_intents" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "deal_intents" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publisher_profiles" ADD COLUMN "domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publisher_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publisher_profiles" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "publisher_profiles" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_payout_changes" ADD CONSTRAINT "listing_payout_changes_listing_id_buyer_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."buyer_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_payout_changes_listing_idx" ON "listing_payout_changes" USING btree ("listing_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "deal_intents" ADD CONSTRAINT "deal_intents_listing_id_buyer_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."buyer_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_profiles" ADD CONSTRAINT "publisher_profiles_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_target_idx" ON "audit_logs" USING btree ("target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buyer_listings_tags_idx" ON "buyer_listings" USING gin ("tags") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "deal_intents_listing_idx" ON "deal_intents" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_intents_pending_key" ON "deal_intents" USING btree ("publisher_id","listing_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deal_intents_buyer_idx" ON "deal_intents" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deal_intents_publisher_idx" ON "deal_intents" USING btree ("publisher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The audit log is append-only in the database itself: UPDATE and DELETE are refused whoever asks.
-- One change is let through: deleting a user sets audit_logs.user_id to null through the foreign key,
-- and that must not block the delete (the entry itself stays). The foreign key's update runs inside the
-- DELETE's own trigger (depth 2); the same change typed by hand (depth 1) is refused.
CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND OLD.user_id IS NOT NULL AND NEW.user_id IS NULL
     AND NEW.id = OLD.id AND NEW.action = OLD.action
     AND NEW.target_id IS NOT DISTINCT FROM OLD.target_id
     AND NEW.meta_json IS NOT DISTINCT FROM OLD.meta_json
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();
