import { ExternalLink, Pause, Pencil, Play, Plus, Trash2, Zap } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { formatDate } from "../../../shared/format";
import { boostPagePath, listingPagePath } from "../../../shared/routes";
import type { Listing } from "../../../shared/schemas/listings";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { LoadMore } from "../../components/ui/load-more";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { toast, toastError } from "../../components/ui/use-toast";
import {
  formatDuration,
  formatGeos,
  formatPayout,
  formatPerDay,
  ListingBadges,
  RequirementTags,
} from "../listings";
import { DeleteListingDialog, EditListingDialog, LISTING_FAILURES } from "./listing-dialogs";
import { useMyListings, useUpdateListing } from "./use-buyer";

// Buyer dashboard, My Listings: each row with its title, vertical, status, badges, how long it stays
// boosted, payout, description, duration, minimum volume, geographies (default US National) and created
// date, with its view, edit, Boost, pause/resume and delete actions.

/** Active green, paused yellow, anything else grey. */
function listingStatusTone(status: string): BadgeTone {
  if (status === "active") return "green";
  if (status === "paused") return "yellow";
  return "grey";
}

const STATUS_TEXT: Record<string, string> = { active: "Active", paused: "Paused", inactive: "Inactive" };

function ListingRow({
  listing,
  onEdit,
  onDelete,
}: {
  listing: Listing;
  onEdit: (listing: Listing) => void;
  onDelete: (listing: Listing) => void;
}) {
  const update = useUpdateListing();
  const isPaused = listing.status === "paused";
  const canToggle = listing.status === "active" || isPaused;
  const toggle = () =>
    update.mutate(
      { id: listing.id, changes: { status: isPaused ? "active" : "paused" } },
      {
        onSuccess: () =>
          toast({
            title: "Success",
            description: isPaused
              ? "Buyer listing updated successfully. It is back in the directory."
              : "Buyer listing updated successfully. It is hidden from the directory until you resume it.",
          }),
        onError: (error) => toastError(error, LISTING_FAILURES.update),
      },
    );
  const titleId = `my-listing-${listing.id}`;
  return (
    <li aria-labelledby={titleId} className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <h2 id={titleId} className="text-base font-semibold leading-snug">
            {listing.title}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone={listingStatusTone(listing.status)}>
              {STATUS_TEXT[listing.status] ?? listing.status}
            </Badge>
            <ListingBadges listing={listing} />
          </div>
          {listing.isBoosted && listing.boostedUntil && (
            <p className="text-sm text-purple-900">Boosted until {formatDate(listing.boostedUntil)}</p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1">
          <Button asChild variant="ghost" size="icon" aria-label={`View ${listing.title}`}>
            <Link href={listingPagePath(listing.id)}>
              <ExternalLink className="h-4 w-4" aria-hidden />
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit ${listing.title}`}
            onClick={() => onEdit(listing)}
          >
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
          {/* On every row: the boost screen tells a paused listing why it must be active first. */}
          <Button asChild variant="secondary" size="sm">
            <Link href={boostPagePath(listing.id)} aria-label={`Boost ${listing.title}`}>
              <Zap className="h-4 w-4" aria-hidden />
              Boost
            </Link>
          </Button>
          {canToggle && (
            <Button
              variant="secondary"
              size="sm"
              onClick={toggle}
              disabled={update.isPending}
              aria-label={`${isPaused ? "Resume" : "Pause"} ${listing.title}`}
            >
              {isPaused ? (
                <Play className="h-4 w-4" aria-hidden />
              ) : (
                <Pause className="h-4 w-4" aria-hidden />
              )}
              {isPaused ? "Resume" : "Pause"}
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="text-red-700 hover:bg-red-50"
            aria-label={`Delete ${listing.title}`}
            onClick={() => onDelete(listing)}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
      <p className="text-lg font-semibold text-green-800">{formatPayout(listing.payout)} per call</p>
      {listing.description && <p className="text-sm text-slate-700">{listing.description}</p>}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Duration</dt>
          <dd>{formatDuration(listing.durationRequirement)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Min volume</dt>
          <dd>{formatPerDay(listing.minVolume)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Geos</dt>
          <dd>{formatGeos(listing.geos)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Created</dt>
          <dd>{formatDate(listing.createdAt)}</dd>
        </div>
      </dl>
      <RequirementTags tags={listing.tags} />
    </li>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3">
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  );
}

export function MyListings({ onCreate }: { onCreate: () => void }) {
  const listings = useMyListings(true);
  const [editing, setEditing] = useState<Listing | null>(null);
  const [deleting, setDeleting] = useState<Listing | null>(null);
  const items = listings.data?.pages.flatMap((p) => p.listings) ?? [];
  return (
    <>
      <QueryState query={listings} loadingLabel="Loading your listings…" loading={<ListSkeleton />}>
        {() =>
          items.length === 0 ? (
            <Card className="space-y-3 p-10 text-center">
              <h2 className="text-lg font-semibold">No listings yet</h2>
              <p className="text-sm text-slate-600">
                Create your first listing to appear in the directory and hear from publishers.
              </p>
              <div>
                <Button onClick={onCreate}>
                  <Plus className="h-4 w-4" aria-hidden />
                  Create Listing
                </Button>
              </div>
            </Card>
          ) : (
            <Card>
              <ul aria-label="My listings" className="divide-y divide-slate-200">
                {items.map((listing) => (
                  <ListingRow key={listing.id} listing={listing} onEdit={setEditing} onDelete={setDeleting} />
                ))}
              </ul>
              <LoadMore query={listings} className="border-t border-slate-200 p-4" />
            </Card>
          )
        }
      </QueryState>
      <EditListingDialog listing={editing} onClose={() => setEditing(null)} />
      <DeleteListingDialog listing={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
