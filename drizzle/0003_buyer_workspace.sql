CREATE UNIQUE INDEX "listing_events_save_once_key" ON "listing_events" USING btree ("listing_id","viewer_key") WHERE kind = 'save';--> statement-breakpoint
-- Every payout change of a listing is recorded, whoever makes it (the buyer's form, the admin's form, a
-- CSV import, a script): the database does it, so no write path can forget. The history feeds the
-- listing detail ("Payout last changed") and the "payout raised" badge.
CREATE FUNCTION buyer_listings_record_payout_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_payout_changes (listing_id, from_payout, to_payout, changed_at)
  VALUES (NEW.id, OLD.payout, NEW.payout, now());
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER buyer_listings_record_payout_change AFTER UPDATE OF payout ON buyer_listings
  FOR EACH ROW WHEN (OLD.payout IS DISTINCT FROM NEW.payout)
  EXECUTE FUNCTION buyer_listings_record_payout_change();
