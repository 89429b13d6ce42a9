import { ArrowLeft, Eye, MousePointerClick } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "wouter";
import { FLEXIBLE, LISTING_STATS_WINDOW_DAYS } from "../../shared/constants";
import {
  LISTING_NOT_FOUND_HEADING,
  LISTING_NOT_FOUND_TEXT,
  listingNotFoundPageHead,
  listingPageHead,
} from "../../shared/page-head";
import type { ListingDetail } from "../../shared/schemas/listings";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { useAuth } from "../features/auth";
import { OwnerBoostCard } from "../features/boosts/owner-boost-card";
import { RequestDeal } from "../features/deal-intents/request-deal";
import { browseReturnUrl } from "../features/listings/browse-place";
import { ContactActions } from "../features/listings/contact-actions";
import { ContactDetails, MaskedContact } from "../features/listings/contact-details";
import { ListingBadges } from "../features/listings/listing-badges";
import { ListingDetailSkeleton } from "../features/listings/listing-detail-skeleton";
import {
  formatDailyCap,
  formatDuration,
  formatGeos,
  formatPayout,
  formatPerDay,
  formatTerms,
} from "../features/listings/listing-format";
import { PayoutHistory } from "../features/listings/payout-history";
import { RequirementTags } from "../features/listings/requirement-tags";
import { SaveListingButton } from "../features/listings/save-listing-button";
import { UpgradeDialog } from "../features/listings/upgrade-dialog";
import { useContactReveal, useListing } from "../features/listings/use-listings";
import { ReliabilityCard } from "../features/reliability/reliability";
import { ListingReviews } from "../features/reviews/listing-reviews";
import { usePageHead } from "../features/shell/use-page-head";
import { isNotFoundError } from "../lib/api";
import { useFormatDate } from "../lib/use-hydrated";

/** Back to the list the visitor came from, filters and scroll position included (browse-place.ts). */
function BackToBrowse() {
  return (
    <Button asChild variant="link">
      <Link href={browseReturnUrl()}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Browse
      </Link>
    </Button>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto max-w-md space-y-4 py-12 text-center">
      <h1 className="text-2xl font-bold">{LISTING_NOT_FOUND_HEADING}</h1>
      <p className="text-slate-600">{LISTING_NOT_FOUND_TEXT}</p>
      <Button asChild>
        <Link href="/browse">Browse Buyers</Link>
      </Button>
    </div>
  );
}

function ListingView({ listing }: { listing: ListingDetail }) {
  const { user } = useAuth();
  const formatDate = useFormatDate();
  const { reveal, isRevealing, revealed, upgradeOpen, setUpgradeOpen } = useContactReveal();
  // Once revealed, "Contact Buyer" gives way to the contact's actions (write, call, copy).
  const revealedContact = revealed.get(listing.id);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <header className="space-y-3">
          <div className="flex flex-wrap gap-1.5">
            <ListingBadges listing={listing} />
          </div>
          {/* Save sits by the title, not at the foot of the side column, so on a phone it is on screen. */}
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 className="text-3xl font-bold tracking-tight">{listing.title}</h1>
            <SaveListingButton listing={listing} isSaved={listing.isSaved} className="shrink-0" />
          </div>
          {/* The vertical is the first badge above; the subtitle names the buyer only. */}
          <p className="text-slate-600">{listing.buyerName}</p>
        </header>
        <Card>
          <CardHeader>
            <CardTitle>About this buyer</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-line text-slate-800">
              {listing.description || "The buyer has not added a description."}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Requirements</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="text-sm">
              <Figure label="Payout">{formatPayout(listing.payout)} per call</Figure>
              <Figure label="Call duration">{formatDuration(listing.durationRequirement)}</Figure>
              <Figure label="Geography">{formatGeos(listing.geos)}</Figure>
              <Figure label="Min volume">{formatPerDay(listing.minVolume)}</Figure>
              <Figure label="Daily cap">{formatDailyCap(listing)}</Figure>
              <Figure label="Payment terms">{formatTerms(listing.paymentTerms)}</Figure>
              <Figure label="Dispute window">
                {listing.disputeWindowDays ? `${listing.disputeWindowDays} days` : FLEXIBLE}
              </Figure>
              <Figure label="Payout last changed">
                {listing.payoutChangedAt ? formatDate(listing.payoutChangedAt) : "Never"}
              </Figure>
            </dl>
            {listing.tags.length > 0 && (
              <div className="mt-4 space-y-2">
                <h3 className="text-sm font-medium text-slate-800">Also required</h3>
                <RequirementTags tags={listing.tags} />
              </div>
            )}
          </CardContent>
        </Card>
        <PayoutHistory history={listing.payoutHistory} payout={listing.payout} />
        <Card>
          <CardHeader>
            <CardTitle>Contact information</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {listing.contact ? <ContactDetails contact={listing.contact} /> : <MaskedContact />}
            {revealedContact && listing.contact ? (
              <ContactActions listingId={listing.id} listingTitle={listing.title} contact={revealedContact} />
            ) : (
              <Button onClick={() => reveal(listing)} disabled={isRevealing}>
                {listing.contact ? "Contact Buyer" : "Upgrade to Premium"}
              </Button>
            )}
          </CardContent>
        </Card>
        <ListingReviews
          buyerId={listing.buyerId}
          summary={listing.reviews}
          isAdmin={user?.role === "admin"}
        />
      </div>
      <aside className="space-y-4" aria-label="Listing summary">
        <OwnerBoostCard listing={listing} />
        <RequestDeal listing={listing} />
        <Card>
          <CardHeader>
            <CardTitle>Performance</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="text-sm">
              <Figure label={`Views (last ${LISTING_STATS_WINDOW_DAYS} days)`}>
                <span className="inline-flex items-center gap-1.5">
                  <Eye className="h-4 w-4 text-slate-500" aria-hidden />
                  {listing.stats.views}
                </span>
              </Figure>
              <Figure label={`Contact reveals (last ${LISTING_STATS_WINDOW_DAYS} days)`}>
                <span className="inline-flex items-center gap-1.5">
                  <MousePointerClick className="h-4 w-4 text-slate-500" aria-hidden />
                  {listing.stats.reveals}
                </span>
              </Figure>
              <Figure label="Listed">{formatDate(listing.createdAt)}</Figure>
            </dl>
          </CardContent>
        </Card>
        <ReliabilityCard reliability={listing.reliability} />
      </aside>
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </div>
  );
}

export default function ListingPage() {
  const { id = "" } = useParams<{ id: string }>();
  const listing = useListing(id);
  const { data } = listing;
  usePageHead(
    data
      ? (appName) => listingPageHead(data, appName)
      : isNotFoundError(listing.error)
        ? listingNotFoundPageHead
        : undefined,
  );
  return (
    <main className="mx-auto w-full max-w-6xl space-y-4 px-4 py-8">
      <BackToBrowse />
      <QueryState
        query={listing}
        loadingLabel="Loading listing…"
        loading={<ListingDetailSkeleton />}
        notFound={<NotFound />}
      >
        {(data) => <ListingView listing={data} />}
      </QueryState>
    </main>
  );
}
