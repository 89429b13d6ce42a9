import { LISTING_SORT_LABELS, type ListingSort } from "../../../shared/constants";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";

// In LISTING_SORT_LABELS' order. Featured (boosted first) is the directory's default order, so it stands
// for "no sort in the URL".
const SORT_OPTIONS = (Object.entries(LISTING_SORT_LABELS) as [ListingSort, string][]).map(
  ([sort, label]) => ({
    value: sort === "boosted" ? "" : sort,
    label,
  }),
);

/**
 * The directory's order, beside the filters. A native select, so the keyboard and screen readers
 * work as the platform's; a choice applies at once, like the filters' choices.
 */
export function ListingSortSelect({
  value,
  onChange,
}: {
  value: ListingSort | "";
  onChange: (sort: ListingSort | "") => void;
}) {
  return (
    <div className="flex items-center justify-end gap-2">
      <Label htmlFor="listing-sort" className="whitespace-nowrap">
        Sort by
      </Label>
      <Select
        id="listing-sort"
        className="w-auto"
        value={value}
        options={SORT_OPTIONS}
        onChange={(event) => onChange(event.target.value as ListingSort | "")}
      />
    </div>
  );
}
