import { Eye, Pencil, Trash2, Zap, ZapOff } from "lucide-react";
import { formatDate } from "../../../shared/format";
import type { AdminListing } from "../../../shared/schemas/admin-listings";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatPayout, formatTerms } from "../listings";
import { capitalize, formatAdminGeos, formatMinVolume, listingStatusTone } from "./admin-format";

/**
 * A listing on the admin buyers page: title, vertical, status, Boosted (and until when), description,
 * figures, actions. Grant boost only for an active listing (the server refuses the others), End boost
 * only while it is boosted.
 */
export function AdminListingCard({
  listing,
  onView,
  onEdit,
  onDelete,
  onGrantBoost,
  onEndBoost,
}: {
  listing: AdminListing;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onGrantBoost: () => void;
  onEndBoost: () => void;
}) {
  const titleId = `admin-listing-${listing.id}-title`;
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone="blue">{listing.vertical}</Badge>
        <Badge tone={listingStatusTone(listing.status)}>{capitalize(listing.status)}</Badge>
        {listing.isBoosted && (
          <Badge tone="purple">
            <Zap className="h-3.5 w-3.5" aria-hidden />
            Boosted
          </Badge>
        )}
        {listing.owner.disabled && <Badge tone="red">Owner disabled</Badge>}
      </div>
      <div className="space-y-1">
        <h3 id={titleId} className="text-lg font-semibold leading-snug break-words">
          {listing.title}
        </h3>
        <p className="text-sm text-slate-600 break-words">
          {listing.owner.company} · {listing.owner.email}
        </p>
      </div>
      {listing.description && <p className="line-clamp-3 text-sm text-slate-700">{listing.description}</p>}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <div>
          <dt className="sr-only">Payout</dt>
          <dd className="text-base font-semibold text-green-800">{formatPayout(listing.payout)}</dd>
        </div>
        <div>
          <dt className="sr-only">Payment terms</dt>
          <dd>{formatTerms(listing.paymentTerms)}</dd>
        </div>
        <div>
          <dt className="sr-only">Geographies</dt>
          <dd>{formatAdminGeos(listing.geos)}</dd>
        </div>
        <div>
          <dt className="sr-only">Minimum volume</dt>
          <dd>{formatMinVolume(listing.minVolume)}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">
        Created {formatDate(listing.createdAt)}
        {listing.isBoosted && listing.boostedUntil && ` · Boosted until ${formatDate(listing.boostedUntil)}`}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onView} aria-label={`View ${listing.title}`}>
          <Eye className="h-4 w-4" aria-hidden />
          View
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${listing.title}`}>
          <Pencil className="h-4 w-4" aria-hidden />
          Edit
        </Button>
        {listing.status === "active" && (
          <Button
            size="sm"
            variant="secondary"
            onClick={onGrantBoost}
            aria-label={`Grant boost to ${listing.title}`}
          >
            <Zap className="h-4 w-4" aria-hidden />
            Grant boost
          </Button>
        )}
        {listing.isBoosted && (
          <Button
            size="sm"
            variant="secondary"
            onClick={onEndBoost}
            aria-label={`End boost of ${listing.title}`}
          >
            <ZapOff className="h-4 w-4" aria-hidden />
            End boost
          </Button>
        )}
        <Button size="sm" variant="destructive" onClick={onDelete} aria-label={`Delete ${listing.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete
        </Button>
      </div>
    </Card>
  );
}
