-- A "Verified" badge now needs a verification record behind it (buyer_verifications, approved by an
-- administrator). No buyer has one yet, so dropping the old flag leaves every buyer unverified.
ALTER TABLE "buyer_profiles" DROP COLUMN "is_verified";