ALTER TABLE "buyer_listings" ADD COLUMN "buyer_reliability_score" integer;--> statement-breakpoint
ALTER TABLE "buyer_listings" ADD COLUMN "buyer_review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "buyer_listings_reliability_idx" ON "buyer_listings" USING btree ("buyer_reliability_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "buyer_listings_reviews_idx" ON "buyer_listings" USING btree ("buyer_review_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'active';--> statement-breakpoint
-- The directory sorts by the owning buyer's reliability score and review count, so each listing keeps a
-- copy of them (one index per order). The database keeps the copies equal to the buyer's figures,
-- whoever writes (a new listing, a listing moved to another buyer, a refreshed score, a CSV import).
UPDATE buyer_listings l SET buyer_reliability_score = bp.reliability_score, buyer_review_count = bp.review_count
  FROM buyer_profiles bp WHERE bp.id = l.buyer_id;--> statement-breakpoint
CREATE FUNCTION buyer_listings_copy_buyer_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT bp.reliability_score, bp.review_count INTO NEW.buyer_reliability_score, NEW.buyer_review_count
    FROM buyer_profiles bp WHERE bp.id = NEW.buyer_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER buyer_listings_copy_buyer_figures BEFORE INSERT OR UPDATE OF buyer_id, buyer_reliability_score, buyer_review_count ON buyer_listings
  FOR EACH ROW EXECUTE FUNCTION buyer_listings_copy_buyer_figures();--> statement-breakpoint
CREATE FUNCTION buyer_profiles_share_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE buyer_listings SET buyer_reliability_score = NEW.reliability_score, buyer_review_count = NEW.review_count
    WHERE buyer_id = NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER buyer_profiles_share_figures AFTER UPDATE OF reliability_score, review_count ON buyer_profiles
  FOR EACH ROW WHEN (OLD.reliability_score IS DISTINCT FROM NEW.reliability_score OR OLD.review_count IS DISTINCT FROM NEW.review_count)
  EXECUTE FUNCTION buyer_profiles_share_figures();
