import { useLocation, useSearch } from "wouter";

/**
 * A screen's filters kept in its URL (like the directory's): a filtered list can be shared and survives
 * a reload. `defaults` names the keys; an empty value is left out of the URL.
 */
export function useUrlFilters<T extends Record<string, string>>(defaults: T): [T, (next: T) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const filters = Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => [key, params.get(key) ?? fallback]),
  ) as T;
  const apply = (next: T) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) {
      if (value.trim()) query.set(key, value.trim());
    }
    const text = query.toString();
    navigate(text ? `${path}?${text}` : path, { replace: true });
  };
  return [filters, apply];
}
