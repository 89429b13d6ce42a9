-- Deliveries are scheduled per endpoint: an attempt claims its endpoint (attempting_until), a failure
-- backs the whole endpoint off (backoff_until), and the next attempt takes the endpoint's pending
-- delivery due first, so every pending delivery needs a due time: one never tried is due since it was made.
ALTER TABLE "webhook_endpoints" ADD COLUMN "attempting_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "backoff_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("endpoint_id","next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
UPDATE "webhook_deliveries" SET "next_attempt_at" = "created_at" WHERE "status" = 'pending' AND "next_attempt_at" IS NULL;--> statement-breakpoint
-- The delivery log no longer shows why a connection failed (a refused port read apart from a filtered
-- one is a port scan): the errors written before say what the new ones say.
UPDATE "webhook_deliveries" SET "last_error" = 'Could not connect: the endpoint gave no HTTP answer within 10 seconds.'
  WHERE "last_status_code" IS NULL AND ("last_error" LIKE 'We could not connect to %' OR "last_error" LIKE '% did not answer within %' OR "last_error" LIKE 'The connection to % was cut off.' OR "last_error" = 'The request failed.');
