import { Search } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  FILTER_GEOS,
  FILTER_VERTICALS,
  LISTING_SEARCH_MAX_LENGTH,
  PAYOUT_BUCKETS,
  REQUIREMENT_TAGS,
} from "../../../shared/constants";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { cn } from "../../lib/cn";
import { type BrowseFilters, filtersToSearch, selectedTags } from "./use-listings";

/** How long the keyword waits for the next keystroke before it applies. */
const SEARCH_DEBOUNCE_MS = 300;

export interface ApplyOptions {
  /** Replace the current history entry instead of adding one (a search still being typed). */
  replace: boolean;
}

/**
 * The directory's filters, all applied the same way: as they change. A choice (vertical, payout,
 * location, verified buyers only, a requirement) applies at once; the keyword once typing pauses
 * (SEARCH_DEBOUNCE_MS), or at once with Enter or the Filter button; a cleared box clears it. Every search is one URL: the entries a
 * keyword's keystrokes make replace each other, so Back skips the half-typed words and the settled
 * search is the address to share.
 * The one form not on react-hook-form (docs/decisions/008): it submits no data, only a URL; every
 * control is a choice from the shared constants or a length-capped search the server validates; and
 * react-hook-form with zod would add about 37 kB gzip to the directory, the page with a speed budget.
 */
export function ListingFilters({
  initial,
  onApply,
}: {
  initial: BrowseFilters;
  onApply: (filters: BrowseFilters, options: ApplyOptions) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The URL this form last asked for, and whether that came from typing (the next keystrokes replace it).
  const asked = useRef<{ key: string; typing: boolean } | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The URL is the truth: back/forward (or a link) puts the controls in step with it. Adjusted while
  // rendering rather than by remounting, so the control a keyboard user is on keeps its focus. The URL
  // this form asked for is not put back into it: the box may hold more by then (or a trailing space).
  const initialKey = filtersToSearch(initial);
  const urlKey = useRef(initialKey);
  urlKey.current = initialKey;
  const [shownKey, setShownKey] = useState(initialKey);
  if (shownKey !== initialKey) {
    setShownKey(initialKey);
    if (asked.current?.key !== initialKey) {
      clearTimeout(timer.current);
      asked.current = null;
      setDraft(initial);
    }
  }

  const apply = (next: BrowseFilters, typing: boolean) => {
    clearTimeout(timer.current);
    const key = filtersToSearch(next);
    if (key === urlKey.current) {
      // Nothing new to show; a settled search still ends the typing.
      if (!typing && asked.current) asked.current = { ...asked.current, typing: false };
      return;
    }
    onApply(next, { replace: asked.current?.typing === true });
    asked.current = { key, typing };
  };
  const choose = (next: BrowseFilters) => {
    setDraft(next);
    apply(next, false);
  };
  const type = (search: string) => {
    const next = { ...draft, search };
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next, true), SEARCH_DEBOUNCE_MS);
  };
  const set = (key: "vertical" | "payout" | "geo") => (event: { target: { value: string } }) =>
    choose({ ...draft, [key]: event.target.value });
  const chosenTags = selectedTags(draft);
  const toggleTag = (id: string) => {
    const next = chosenTags.includes(id) ? chosenTags.filter((t) => t !== id) : [...chosenTags, id];
    choose({ ...draft, tags: selectedTags({ tags: next.join(",") }).join(",") });
  };
  // Enter or Filter: the keyword applies now, and the search is settled (the next typing is a new one).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft, false);
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
            onChange={(event) => type(event.target.value)}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-vertical">Vertical</Label>
        <Select id="filter-vertical" value={draft.vertical} onChange={set("vertical")}>
          <option value="">All</option>
          {FILTER_VERTICALS.map((v) => (
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
          {FILTER_GEOS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </Select>
      </div>
      {/* Only buyers whose badge is in force: domain, work email and an administrator's review. */}
      <div className="sm:col-span-2 lg:col-span-5">
        <label
          className={cn(
            "inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm",
            draft.verified === "1"
              ? "border-brand-600 bg-brand-50 text-brand-700"
              : "border-slate-300 bg-white text-slate-800",
          )}
        >
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={draft.verified === "1"}
            onChange={(event) => choose({ ...draft, verified: event.target.checked ? "1" : "" })}
          />
          Verified buyers only
        </label>
      </div>
      {/* Requirement tags: a listing must carry every one ticked. */}
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
      {/* Runs the typed keyword now (it also applies by itself once typing pauses). After every control,
          so the keyboard and small screens reach it last. */}
      <Button type="submit" className="sm:col-span-2 lg:col-span-1 lg:self-end">
        Filter
      </Button>
    </form>
  );
}
