CREATE TABLE "boost_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boost_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid,
	"user_id" uuid,
	"source" text NOT NULL,
	"stripe_payment_intent_id" text,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"days" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"end_reason" text,
	"reminder_sent_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boost_purchases_stripe_payment_intent_id_unique" UNIQUE("stripe_payment_intent_id"),
	CONSTRAINT "boost_purchases_paid_has_intent" CHECK ((source = 'stripe') = (stripe_payment_intent_id is not null))
);
--> statement-breakpoint
ALTER TABLE "boost_payments" ADD CONSTRAINT "boost_payments_listing_id_buyer_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."buyer_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_payments" ADD CONSTRAINT "boost_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_purchases" ADD CONSTRAINT "boost_purchases_listing_id_buyer_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."buyer_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_purchases" ADD CONSTRAINT "boost_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boost_payments_listing_idx" ON "boost_payments" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "boost_purchases_listing_idx" ON "boost_purchases" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "boost_purchases_reminder_idx" ON "boost_purchases" USING btree ("ends_at") WHERE status = 'active' and reminder_sent_at is null;