import { BadgeCheck, TrendingUp, Zap } from "lucide-react";
import { PAYOUT_RAISED_WINDOW_DAYS } from "../../../shared/constants";
import type { Listing } from "../../../shared/schemas/listings";
import { Badge } from "../../components/ui/badge";

export function ListingBadges({ listing }: { listing: Listing }) {
  return (
    <>
      <Badge tone="blue">{listing.vertical}</Badge>
      {listing.isVerified && (
        <Badge tone="green">
          <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
          Verified
        </Badge>
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
