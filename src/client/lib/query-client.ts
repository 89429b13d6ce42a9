import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest } from "./api";

/**
 * Default read: GET the path made by joining the key segments with "/", so a query key is its URL. A
 * refusal throws; the one read that treats "signed out" as an answer, useAuth, asks the server for null
 * instead of a 401.
 */
export const defaultQueryFn: QueryFunction = ({ queryKey }) => apiRequest("GET", queryKey.join("/"));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
