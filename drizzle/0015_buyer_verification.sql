CREATE TABLE "buyer_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"domain" text NOT NULL,
	"domain_method" text,
	"domain_evidence" text,
	"domain_verified_at" timestamp with time zone,
	"work_email" text,
	"email_code_hash" text,
	"email_code_expires_at" timestamp with time zone,
	"email_code_attempts" integer DEFAULT 0 NOT NULL,
	"email_verified_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"checklist" jsonb,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reason" text,
	"expires_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_drafts" (
	"user_id" uuid NOT NULL,
	"side" text NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_drafts_user_id_side_pk" PRIMARY KEY("user_id","side")
);
--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "call_hours" text;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "verified_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "verified_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_verifications" ADD CONSTRAINT "buyer_verifications_buyer_id_buyer_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_verifications" ADD CONSTRAINT "buyer_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_verifications" ADD CONSTRAINT "buyer_verifications_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_drafts" ADD CONSTRAINT "onboarding_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_verifications_buyer_idx" ON "buyer_verifications" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_verifications_open_key" ON "buyer_verifications" USING btree ("buyer_id") WHERE status in ('in_progress', 'submitted');--> statement-breakpoint
CREATE INDEX "buyer_verifications_submitted_idx" ON "buyer_verifications" USING btree ("submitted_at") WHERE status = 'submitted';--> statement-breakpoint
CREATE INDEX "buyer_verifications_expires_idx" ON "buyer_verifications" USING btree ("expires_at") WHERE status = 'approved';