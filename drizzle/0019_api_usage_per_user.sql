-- api_usage is UNLOGGED by hand (drizzle-kit cannot say it): see the table in src/server/db/schema.ts.
-- The per-key counters it replaces are dropped: the windows they held last a minute.
CREATE UNLOGGED TABLE "api_usage" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "api_key_usage" CASCADE;--> statement-breakpoint
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
