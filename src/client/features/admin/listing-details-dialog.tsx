import { Link } from "wouter";
import { formatDate, shortId } from "../../../shared/format";
import { listingPagePath } from "../../../shared/routes";
import type { AdminListing } from "../../../shared/schemas/admin-listings";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { BoostHistory } from "../boosts";
import { formatGeos, formatPayout, formatTerms, requirementTagLabel } from "../listings";
import { capitalize, formatMinVolume } from "./admin-format";
import { RefundBoostButton } from "./boost-dialogs";
import { DetailList } from "./detail-list";
import { useAdminBoostHistory } from "./use-admin-boosts";

/** "View": the whole listing, its owner and contact, and its boosts, as an admin sees it. */
export function ListingDetailsDialog({
  listing,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  listing: AdminListing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (useFocusReturn().restore). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const tags = listing.tags.map(requirementTagLabel);
  const rows: [string, string][] = [
    ["Vertical", listing.vertical],
    ["Status", capitalize(listing.status)],
    ["Payout", formatPayout(listing.payout)],
    ["Payment terms", formatTerms(listing.paymentTerms)],
    ["Duration requirement", listing.durationRequirement ? `${listing.durationRequirement} s` : "Flexible"],
    ["Minimum volume", formatMinVolume(listing.minVolume)],
    ["Geographies", formatGeos(listing.geos)],
    ["Requirements", tags.length ? tags.join(", ") : "None"],
    ["Dispute window", listing.disputeWindowDays ? `${listing.disputeWindowDays} days` : "Not set"],
    [
      "Buyer",
      `${listing.owner.company} (${listing.owner.email})${listing.owner.disabled ? ", disabled" : ""}`,
    ],
    ["Contact email", listing.contact?.email ?? "Not given"],
    ["Contact phone", listing.contact?.phone ?? "Not given"],
    ["Application URL", listing.contact?.applicationUrl ?? "Not given"],
    ["Boosted until", listing.boostedUntil ? formatDate(listing.boostedUntil) : "Not boosted"],
    ["Created", formatDate(listing.createdAt)],
    ["Updated", formatDate(listing.updatedAt)],
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{listing.title}</DialogTitle>
          <DialogDescription>Listing {shortId(listing.id)}</DialogDescription>
        </DialogHeader>
        {listing.description && (
          <p className="whitespace-pre-line text-sm text-slate-700">{listing.description}</p>
        )}
        <DetailList rows={rows} />
        <section aria-labelledby={`boost-history-${listing.id}`} className="space-y-2">
          <h3 id={`boost-history-${listing.id}`} className="text-sm font-semibold">
            Boost history
          </h3>
          <ListingBoostHistory listingId={listing.id} enabled={open} />
        </section>
        <DialogFooter>
          {listing.status === "active" && !listing.owner.disabled && (
            <Button asChild variant="secondary">
              <Link href={listingPagePath(listing.id)}>Open in the directory</Link>
            </Button>
          )}
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Paid and complimentary boosts, newest first, with who paid or granted each, the reasons, and refunds. */
function ListingBoostHistory({ listingId, enabled }: { listingId: string; enabled: boolean }) {
  const history = useAdminBoostHistory(listingId, enabled);
  return (
    <QueryState
      query={history}
      loadingLabel="Loading the boost history…"
      loading={<Skeleton className="h-16 w-full" />}
      className="p-4"
    >
      {(data) => (
        <BoostHistory
          purchases={data.purchases}
          showActor
          label="Boost history"
          actions={(purchase) => <RefundBoostButton listingId={listingId} purchase={purchase} />}
        />
      )}
    </QueryState>
  );
}
