CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boost_payments" DROP CONSTRAINT "boost_payments_listing_id_buyer_listings_id_fk";
--> statement-breakpoint
ALTER TABLE "boost_payments" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "boost_payments" ADD CONSTRAINT "boost_payments_listing_id_buyer_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."buyer_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Numbers whose last reply to us was STOP (or a synonym) stay opted out, whichever account uses them now.
INSERT INTO "sms_opt_outs" ("phone", "keyword", "opted_out_at")
SELECT "phone", coalesce("keyword", 'STOP'), "created_at"
FROM (
	SELECT DISTINCT ON ("phone") "phone", "keyword", "event", "created_at"
	FROM "sms_consents"
	WHERE "source" = 'sms'
	ORDER BY "phone", "created_at" DESC
) AS "last_reply"
WHERE "event" = 'opted_out';
