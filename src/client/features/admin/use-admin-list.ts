import { useInfiniteQuery } from "@tanstack/react-query";
import { TOTAL_COUNT_HEADER } from "../../../shared/schemas/admin";
import { apiFetch, parseNextLink } from "../../lib/api";

// Every admin list reads the same way: an array per page, the next page's URL in the Link header, and
// the number of matching rows in X-Total-Count on the first page (server: lib/keyset-pages.ts).

/** `path?a=1&b=2` with the empty values left out. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export interface AdminListPage<T> {
  items: T[];
  next: string | null;
  total: number | null;
}

/** One admin list with "Load More"; its query key starts with `path`, so invalidating `[path]` refreshes it. */
export function useAdminList<T>(path: string, params: Record<string, string | undefined>) {
  const url = withQuery(path, params);
  const query = useInfiniteQuery({
    queryKey: [path, "list", url],
    initialPageParam: url,
    queryFn: async ({ pageParam }): Promise<AdminListPage<T>> => {
      const { data, headers } = await apiFetch<T[]>("GET", pageParam);
      const total = headers.get(TOTAL_COUNT_HEADER);
      return {
        items: data,
        next: parseNextLink(headers.get("Link")),
        total: total === null ? null : Number(total),
      };
    },
    getNextPageParam: (last) => last.next,
  });
  return {
    query,
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    /** The true number of matching rows (the first page carries it). */
    total: query.data?.pages[0]?.total ?? null,
  };
}

export type AdminListResult<T> = ReturnType<typeof useAdminList<T>>;
