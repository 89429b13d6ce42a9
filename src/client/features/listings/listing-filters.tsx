import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  BROWSE_GEOS,
  BROWSE_VERTICALS,
  LISTING_SEARCH_MAX_LENGTH,
  PAYOUT_BUCKETS,
} from "../../../shared/constants";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import type { BrowseFilters } from "./use-listings";

const selectClass = "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm";

/**
 * SPEC §2 Browse filters; nothing is fetched until the Filter button (or Enter) applies them.
 * The one form not on react-hook-form (docs/decisions/008): it submits no data, only a URL; every
 * control is a choice from the shared constants or a length-capped search the server validates; and
 * react-hook-form with zod would add about 37 kB gzip to the directory, the page with a speed budget.
 */
export function ListingFilters({
  initial,
  onApply,
}: {
  initial: BrowseFilters;
  onApply: (filters: BrowseFilters) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const set = (key: keyof BrowseFilters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      aria-label="Filter buyers"
      onSubmit={submit}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="filter-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-500" aria-hidden />
          <Input
            id="filter-search"
            type="search"
            className="pl-9"
            placeholder="Keyword, e.g. final expense"
            maxLength={LISTING_SEARCH_MAX_LENGTH}
            value={draft.search}
            onChange={set("search")}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-vertical">Vertical</Label>
        <select
          id="filter-vertical"
          className={selectClass}
          value={draft.vertical}
          onChange={set("vertical")}
        >
          <option value="">All</option>
          {BROWSE_VERTICALS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-payout">Payout</Label>
        <select id="filter-payout" className={selectClass} value={draft.payout} onChange={set("payout")}>
          <option value="">All Ranges</option>
          {PAYOUT_BUCKETS.map((b) => (
            <option key={b.id} value={b.id}>
              {b.label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-geo">Location</Label>
        <select id="filter-geo" className={selectClass} value={draft.geo} onChange={set("geo")}>
          <option value="">All</option>
          {BROWSE_GEOS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="sm:col-span-2 lg:col-span-1">
        Filter
      </Button>
    </form>
  );
}
