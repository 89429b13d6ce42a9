import { Zap } from "lucide-react";
import { Link } from "wouter";
import { formatDate } from "../../../shared/format";
import { boostPagePath } from "../../../shared/routes";
import type { ListingDetail } from "../../../shared/schemas/listings";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useBoostPrice } from "../config";

/** On the detail page, for the buyer who owns the listing: where its boost stands, and Boost. */
export function OwnerBoostCard({ listing }: { listing: ListingDetail }) {
  const price = useBoostPrice();
  if (!listing.isOwn) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your listing</CardTitle>
        <CardDescription>
          {listing.isBoosted && listing.boostedUntil
            ? `Boosted until ${formatDate(listing.boostedUntil)}: it is listed first in the directory.`
            : "Boost it to be listed first in the directory, with a Boosted badge."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <Button asChild className="w-full">
          <Link href={boostPagePath(listing.id)}>
            <Zap className="h-4 w-4" aria-hidden />
            {listing.isBoosted ? "Extend the boost" : "Boost this listing"}
          </Link>
        </Button>
        {price && <p className="text-center text-xs text-slate-600">{price.label}, one payment.</p>}
      </CardContent>
    </Card>
  );
}
