import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  BROWSE_GEOS,
  BROWSE_VERTICALS,
  LISTING_SEARCH_MAX_LENGTH,
  PAYOUT_BUCKETS,
  REQUIREMENT_TAGS,
} from "../../../shared/constants";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { cn } from "../../lib/cn";
import { type BrowseFilters, selectedTags } from "./use-listings";

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
  const chosenTags = selectedTags(draft);
  const toggleTag = (id: string) =>
    setDraft((d) => {
      const current = selectedTags(d);
      const next = current.includes(id) ? current.filter((t) => t !== id) : [...current, id];
      return { ...d, tags: selectedTags({ tags: next.join(",") }).join(",") };
    });
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
        <Select id="filter-vertical" value={draft.vertical} onChange={set("vertical")}>
          <option value="">All</option>
          {BROWSE_VERTICALS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-payout">Payout</Label>
        <Select id="filter-payout" value={draft.payout} onChange={set("payout")}>
          <option value="">All Ranges</option>
          {PAYOUT_BUCKETS.map((b) => (
            <option key={b.id} value={b.id}>
              {b.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-geo">Location</Label>
        <Select id="filter-geo" value={draft.geo} onChange={set("geo")}>
          <option value="">All</option>
          {BROWSE_GEOS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </Select>
      </div>
      {/* Requirement tags (DESIGN.md §2): a listing must carry every one ticked. */}
      <fieldset className="sm:col-span-2 lg:col-span-4">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Requirements</legend>
        <div className="flex flex-wrap gap-2">
          {REQUIREMENT_TAGS.map((tag) => {
            const checked = chosenTags.includes(tag.id);
            return (
              <label
                key={tag.id}
                className={cn(
                  "inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm",
                  checked
                    ? "border-brand-600 bg-brand-50 text-brand-700"
                    : "border-slate-300 bg-white text-slate-800",
                )}
              >
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={checked}
                  onChange={() => toggleTag(tag.id)}
                />
                {tag.label}
              </label>
            );
          })}
        </div>
      </fieldset>
      {/* After every control, so the keyboard and small screens reach it last. */}
      <Button type="submit" className="sm:col-span-2 lg:col-span-1 lg:self-end">
        Filter
      </Button>
    </form>
  );
}
