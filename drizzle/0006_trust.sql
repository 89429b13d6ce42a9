DROP INDEX "reviews_buyer_idx";--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "reliability_score" integer;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "reliability_based_on" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "reliability_factors" jsonb;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "reliability_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "review_average" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "deal_intent_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "opened_by" text NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "response" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "deal_intent_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_body" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_deal_intent_id_deal_intents_id_fk" FOREIGN KEY ("deal_intent_id") REFERENCES "public"."deal_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_deal_intent_id_deal_intents_id_fk" FOREIGN KEY ("deal_intent_id") REFERENCES "public"."deal_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_pending_key" ON "disputes" USING btree ("deal_intent_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "disputes_buyer_idx" ON "disputes" USING btree ("buyer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "disputes_publisher_idx" ON "disputes" USING btree ("publisher_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_deal_intent_key" ON "reviews" USING btree ("deal_intent_id");--> statement-breakpoint
CREATE INDEX "reviews_buyer_idx" ON "reviews" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5);