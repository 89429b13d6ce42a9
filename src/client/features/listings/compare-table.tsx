import { X, Zap } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatBasedOn, NOT_ENOUGH_DATA } from "../../../shared/format";
import { listingPagePath } from "../../../shared/routes";
import type { ComparedListing } from "../../../shared/schemas/compare";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { bestListingIds, ROW_SCORES, type RowScore } from "./compare-rows";
import { ContactDetails, MaskedContact } from "./contact-details";
import { formatDuration, formatGeos, formatPayout, formatPerDay, formatTerms } from "./listing-format";
import { RequirementTags } from "./requirement-tags";

interface Row {
  label: string;
  show: (listing: ComparedListing) => ReactNode;
  /** Rows without a score only inform (boosted placement, the contact). */
  score?: RowScore;
}

const ROWS: Row[] = [
  { label: "Payout per call", show: (l) => formatPayout(l.payout), score: ROW_SCORES.payout },
  { label: "Call duration", show: (l) => formatDuration(l.durationRequirement), score: ROW_SCORES.duration },
  { label: "Geographies", show: (l) => formatGeos(l.geos), score: ROW_SCORES.geographies },
  { label: "Daily cap", show: (l) => formatPerDay(l.dailyCap), score: ROW_SCORES.dailyCap },
  {
    label: "Hours",
    show: (l) => (l.tags.includes("business-hours") ? "Business hours only" : "No limit stated"),
    score: ROW_SCORES.hours,
  },
  { label: "Payment terms", show: (l) => formatTerms(l.paymentTerms), score: ROW_SCORES.paymentTerms },
  {
    label: "Requirements",
    show: (l) => (l.tags.length > 0 ? <RequirementTags tags={l.tags} /> : "None"),
    score: ROW_SCORES.tags,
  },
  {
    label: "Dispute window",
    show: (l) => (l.disputeWindowDays ? `${l.disputeWindowDays} days` : "Not stated"),
    score: ROW_SCORES.disputeWindow,
  },
  {
    label: "Reliability",
    show: ({ reliability: { score, basedOn } }) =>
      score === null ? (
        NOT_ENOUGH_DATA
      ) : (
        <>
          {score}
          <span className="sr-only"> out of 100</span>
          <span aria-hidden>/100</span>
          <span className="block text-xs text-slate-600">{formatBasedOn(basedOn)}</span>
        </>
      ),
    score: ROW_SCORES.reliability,
  },
  {
    label: "Reviews",
    show: ({ reviews: { average, count } }) =>
      count === 0 || average === null
        ? "No reviews yet"
        : `${average.toFixed(1)} of 5 (${count} review${count === 1 ? "" : "s"})`,
    score: ROW_SCORES.reviews,
  },
  {
    label: "Verified buyer",
    show: (l) => (l.isVerified ? "Verified" : "Not verified"),
    score: ROW_SCORES.verified,
  },
  {
    label: "Boosted",
    show: (l) =>
      l.isBoosted ? (
        <span className="inline-flex items-center gap-1">
          <Zap className="h-4 w-4 text-purple-700" aria-hidden />
          Boosted
        </span>
      ) : (
        "No"
      ),
  },
  {
    label: "Contact",
    // The server sent the contact only to those who may see it; everyone else gets the placeholder.
    show: (l) => (l.contact ? <ContactDetails contact={l.contact} /> : <MaskedContact />),
  },
];

const ROW_HEADER =
  "sticky left-0 z-10 w-28 min-w-28 bg-white p-3 text-left align-top font-medium sm:w-40 sm:min-w-40";
const CELL = "w-56 min-w-56 snap-start border-l border-slate-100 p-3 align-top";

/**
 * One column per listing, one row per figure, the best value of each row marked with a "Best" badge
 * (text, so it is read out, not a colour alone). On a narrow screen the columns scroll sideways and
 * snap one listing at a time under the row names, which stay in place; the scrolling region takes the
 * keyboard focus, so the arrow keys scroll it too.
 */
export function CompareTable({
  listings,
  onRemove,
}: {
  listings: readonly ComparedListing[];
  onRemove: (listingId: string) => void;
}) {
  return (
    <section
      aria-label="Compared listings (scrolls sideways)"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
      // Relative: the screen-reader-only texts (absolutely placed) would otherwise be placed against the
      // page, beyond this box's clip, and widen the page by as much as the columns reach past the screen.
      className="relative snap-x snap-mandatory scroll-pl-28 overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600 sm:scroll-pl-40"
    >
      <table className="border-collapse text-sm">
        <caption className="sr-only">
          {listings.length} listings side by side; the best value of each row is marked Best
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <td className={ROW_HEADER} />
            {listings.map((listing) => (
              <th key={listing.id} scope="col" className={cn(CELL, "text-left font-normal")}>
                <div className="flex items-start justify-between gap-2">
                  <Link
                    href={listingPagePath(listing.id)}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {listing.title}
                  </Link>
                  <button
                    type="button"
                    onClick={() => onRemove(listing.id)}
                    className="shrink-0 rounded p-1 text-slate-600 hover:bg-slate-100"
                    aria-label={`Remove ${listing.title} from the comparison`}
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </div>
                <p className="text-slate-600">{listing.buyerName}</p>
                <p className="text-slate-600">{listing.vertical}</p>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const best = row.score ? bestListingIds(listings, row.score) : new Set<string>();
            return (
              <tr key={row.label} className="border-b border-slate-100 last:border-0">
                <th scope="row" className={ROW_HEADER}>
                  {row.label}
                </th>
                {listings.map((listing) => {
                  const isBest = best.has(listing.id);
                  return (
                    <td key={listing.id} className={cn(CELL, isBest && "bg-green-50")}>
                      <div className="space-y-1">
                        <div>{row.show(listing)}</div>
                        {isBest && <Badge tone="green">Best</Badge>}
                      </div>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
