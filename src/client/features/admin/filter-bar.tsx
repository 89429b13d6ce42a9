import { Search } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ADMIN_SEARCH_MAX_LENGTH } from "../../../shared/schemas/admin";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";

export interface FilterSelect {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/**
 * The filters above an admin list: a search box (applied with Enter or the button) and selects
 * (applied as they change). It follows the URL, so back and forward keep it in step.
 */
export function FilterBar<T extends Record<string, string>>({
  label,
  filters,
  searchKey,
  searchLabel,
  searchPlaceholder,
  selects,
  onApply,
  extra,
}: {
  label: string;
  filters: T;
  searchKey?: keyof T & string;
  searchLabel?: string;
  searchPlaceholder?: string;
  selects: FilterSelect[];
  onApply: (next: T) => void;
  /** More controls, drawn between the selects and the button (the audit log's user and dates). */
  extra?: (draft: T, set: (key: keyof T & string, value: string) => void) => ReactNode;
}) {
  const idPrefix = useId();
  const [draft, setDraft] = useState(filters);
  // The URL changed under the form (back, forward, a link): show what it now says. Adjusted during
  // render rather than by remounting, so the control that had focus keeps it.
  const filtersKey = JSON.stringify(filters);
  const [shownKey, setShownKey] = useState(filtersKey);
  if (shownKey !== filtersKey) {
    setShownKey(filtersKey);
    setDraft(filters);
  }
  const set = (key: keyof T & string, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      aria-label={label}
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:flex-wrap md:items-end"
    >
      {searchKey && (
        <div className="min-w-0 flex-1 space-y-1.5 md:min-w-64">
          <Label htmlFor={`${idPrefix}-search`}>{searchLabel ?? "Search"}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-500"
              aria-hidden
            />
            <Input
              id={`${idPrefix}-search`}
              type="search"
              className="pl-9"
              placeholder={searchPlaceholder}
              maxLength={ADMIN_SEARCH_MAX_LENGTH}
              value={draft[searchKey]}
              onChange={(event) => set(searchKey, event.target.value)}
            />
          </div>
        </div>
      )}
      {selects.map((select) => (
        <div key={select.key} className="space-y-1.5 md:w-48">
          <Label htmlFor={`${idPrefix}-${select.key}`}>{select.label}</Label>
          <Select
            id={`${idPrefix}-${select.key}`}
            value={draft[select.key]}
            onChange={(event) => {
              const next = { ...draft, [select.key]: event.target.value };
              setDraft(next);
              onApply(next);
            }}
          >
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      ))}
      {extra?.(draft, set)}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}
