import type { ReactNode } from "react";
import { Link } from "wouter";
import { listingPagePath } from "../../../shared/routes";
import type { Listing, ListingContact } from "../../../shared/schemas/listings";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { CompareToggle } from "./compare-controls";
import { ContactActions } from "./contact-actions";
import { ContactDetails, MaskedContact } from "./contact-details";
import { ListingBadges } from "./listing-badges";
import { formatDailyCap, formatDuration, formatGeos, formatPayout } from "./listing-format";
import { ReliabilityLine } from "./reliability-line";
import { RequirementTags } from "./requirement-tags";
import { SaveListingButton } from "./save-listing-button";

/**
 * A card of the browse page: figures, badges, the buyer's reliability score, and the contact plain
 * for Premium or masked otherwise.
 */
export function ListingCard({
  listing,
  isSaved,
  onReveal,
  isRevealing,
  revealedContact,
}: {
  listing: Listing;
  /** Whether the viewer saved it (useSavedIds); the card's Save toggle shows and changes it. */
  isSaved: boolean;
  onReveal: (listing: Listing) => void;
  isRevealing: boolean;
  /** The contact this viewer revealed here: the card then offers its actions (write, call, copy). */
  revealedContact?: ListingContact;
}) {
  const titleId = `listing-${listing.id}-title`;
  return (
    // min-w-0: a grid cell is otherwise as wide as its longest unbreakable line (an email in the
    // contact), one pixel past a 320 px screen.
    <Card className="flex min-w-0 flex-col" aria-labelledby={titleId} role="article">
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="space-y-2">
          <div className="flex items-start justify-between gap-2">
            <div className="flex flex-wrap gap-1.5">
              <ListingBadges listing={listing} />
            </div>
            <SaveListingButton listing={listing} isSaved={isSaved} size="sm" className="shrink-0" />
          </div>
          <h2 id={titleId} className="text-lg font-semibold leading-snug">
            <Link href={listingPagePath(listing.id)} className="hover:underline">
              {listing.title}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">{listing.buyerName}</p>
          <ReliabilityLine reliability={listing.reliability} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <Fact label="Payout" className="text-base font-semibold text-green-800">
            {formatPayout(listing.payout)}
          </Fact>
          <Fact label="Call duration">{formatDuration(listing.durationRequirement)}</Fact>
          <Fact label="Geography">{formatGeos(listing.geos)}</Fact>
          <Fact label="Daily cap">{formatDailyCap(listing)}</Fact>
        </dl>
        <RequirementTags tags={listing.tags} />
        <div className="mt-auto rounded-md border border-slate-200 bg-slate-50 p-3">
          {listing.contact ? <ContactDetails contact={listing.contact} /> : <MaskedContact />}
        </div>
        <CompareToggle listingId={listing.id} title={listing.title} />
        {/* Each button at least as wide as its longest label: on a phone they stack rather than the label
            spilling out of a squeezed button. */}
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm" className="flex-1 basis-48">
            <Link href={listingPagePath(listing.id)} aria-label={`View details: ${listing.title}`}>
              View Details
            </Link>
          </Button>
          {!(revealedContact && listing.contact) && (
            <Button
              size="sm"
              className="flex-1 basis-48"
              onClick={() => onReveal(listing)}
              disabled={isRevealing}
              aria-label={`${listing.contact ? "Contact Buyer" : "Upgrade to see contact"}: ${listing.title}`}
            >
              {listing.contact ? "Contact Buyer" : "Upgrade to see contact"}
            </Button>
          )}
        </div>
        {revealedContact && listing.contact && (
          <ContactActions listingId={listing.id} listingTitle={listing.title} contact={revealedContact} />
        )}
      </div>
    </Card>
  );
}

function Fact({
  label,
  className = "font-medium",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
