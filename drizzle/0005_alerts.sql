CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"search" text,
	"vertical" text,
	"payout_bucket" text,
	"payout_min" numeric(10, 2),
	"payout_max" numeric(10, 2),
	"geo" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"filters_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_listings" ADD COLUMN "activated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "filters_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "geos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "min_payout" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "last_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_listing_id_buyer_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."buyer_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_key" ON "alert_deliveries" USING btree ("user_id","listing_id","channel");--> statement-breakpoint
CREATE INDEX "alert_deliveries_listing_idx" ON "alert_deliveries" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_filters_key" ON "saved_searches" USING btree ("user_id","filters_key");--> statement-breakpoint
CREATE INDEX "buyer_listings_activated_idx" ON "buyer_listings" USING btree ("activated_at") WHERE status = 'active';