CREATE TABLE "contact_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_listing_id_buyer_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."buyer_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_events_listing_idx" ON "contact_events" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_events_once_a_minute_key" ON "contact_events" USING btree ("listing_id","user_id","kind","minute");