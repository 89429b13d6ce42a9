import { Link } from "wouter";
import { formatDate, shortId } from "../../../shared/format";
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
import { formatPayout, formatTerms, requirementTagLabel } from "../listings";
import { capitalize, formatMinVolume } from "./admin-format";
import { Facts } from "./facts";

/** "View": the whole listing, its owner and contact, as an admin sees it. */
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
    ["Geographies", listing.geos.length ? listing.geos.join(", ") : "All Geos"],
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
        <Facts rows={rows} />
        <DialogFooter>
          {listing.status === "active" && !listing.owner.disabled && (
            <Button asChild variant="secondary">
              <Link href={`/buyer/${listing.id}`}>Open in the directory</Link>
            </Button>
          )}
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
