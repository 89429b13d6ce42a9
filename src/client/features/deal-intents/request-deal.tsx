import { Handshake } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { PUBLISHER_MESSAGES } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import type { ListingDetail } from "../../../shared/schemas/listings";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { goToLogin, useAuth } from "../auth";
import { usePublisherProfile } from "../publishers";
import { DealIntentStatusBadge } from "./deal-intent-status-badge";

// "Request Deal" on a listing's detail page (docs/buyers.md): approved publishers ask the buyer for a deal
// with an optional message. The server decides who may (the detail answer says canRequestDeal); this
// card mirrors it and shows where the viewer's last request stands. The form is its own chunk, loaded
// on the first "Request Deal" press and kept mounted after (a draft survives closing the dialog).

const RequestDealDialog = lazy(() => import("./request-deal-dialog"));

export function RequestDeal({ listing }: { listing: ListingDetail }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  // A publisher account has sent its profile (that is what made it one): when deals are closed to it, the
  // reason is usually a review still to come, which it is told rather than sent back to onboarding.
  const asksProfile = user?.role === "publisher" && !listing.canRequestDeal;
  const { data: profile } = usePublisherProfile({ enabled: asksProfile });
  const isAwaitingReview = asksProfile && profile?.status === "pending";
  // A buyer's own listing, or an admin: nothing to request.
  if (listing.isOwn || user?.role === "admin") return null;
  const last = listing.dealIntent;
  const isOpen = last?.status === "pending" || last?.status === "accepted";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Work with this buyer</CardTitle>
        <CardDescription>Ask for a deal: the buyer decides, and we email you the answer.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {last && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Your request of {formatDate(last.createdAt)}: <DealIntentStatusBadge status={last.status} />
          </p>
        )}
        {last?.status === "accepted" && (
          <p className="text-sm text-green-900">
            The buyer accepted: their contact details are shown on this page.
          </p>
        )}
        {!user ? (
          <Button className="w-full" onClick={goToLogin}>
            <Handshake className="h-4 w-4" aria-hidden />
            Request Deal
          </Button>
        ) : listing.canRequestDeal ? (
          !isOpen && (
            <Button
              className="w-full"
              onClick={() => {
                setHasOpened(true);
                setOpen(true);
              }}
            >
              <Handshake className="h-4 w-4" aria-hidden />
              Request Deal
            </Button>
          )
        ) : isAwaitingReview ? (
          <p className="text-sm text-slate-700">
            {PUBLISHER_MESSAGES.awaitingReview} You can request deals once it is approved.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            Deal requests are open to approved publishers.{" "}
            {user.role === "guest" && (
              <Link className="text-brand-700 underline underline-offset-2" href="/publisher/onboarding">
                Complete your publisher profile
              </Link>
            )}
          </p>
        )}
      </CardContent>
      {listing.canRequestDeal && hasOpened && (
        <Suspense fallback={null}>
          <RequestDealDialog listing={listing} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </Card>
  );
}
