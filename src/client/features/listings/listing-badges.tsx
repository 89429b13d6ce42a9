import { TrendingUp, Zap } from "lucide-react";
import { PAYOUT_RAISED_WINDOW_DAYS } from "../../../shared/constants";
import type { Listing, ListingDetail } from "../../../shared/schemas/listings";
import { Badge } from "../../components/ui/badge";
import { VerifiedBuyerBadge, VerifiedBuyerDetailBadge } from "./verified-buyer-badge";

/**
 * A listing's badges. "Verified buyer" opens what was checked: since when on a card, and each check's
 * date on the listing's page (a detail carries `verification`).
 */
export function ListingBadges({ listing }: { listing: Listing | ListingDetail }) {
  const verification = "verification" in listing ? listing.verification : null;
  return (
    <>
      <Badge tone="blue">{listing.vertical}</Badge>
      {verification ? (
        <VerifiedBuyerDetailBadge badge={verification} />
      ) : (
        listing.isVerified && listing.verifiedSince && <VerifiedBuyerBadge since={listing.verifiedSince} />
      )}
      {listing.isBoosted && (
        <Badge tone="purple">
          <Zap className="h-3.5 w-3.5" aria-hidden />
          Boosted
        </Badge>
      )}
      {listing.isPayoutRaised && (
        <Badge tone="green" title={`Payout raised in the last ${PAYOUT_RAISED_WINDOW_DAYS} days`}>
          <TrendingUp className="h-3.5 w-3.5" aria-hidden />
          Payout raised
        </Badge>
      )}
    </>
  );
}
