import { BadgeCheck, Zap } from "lucide-react";
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
    </>
  );
}
