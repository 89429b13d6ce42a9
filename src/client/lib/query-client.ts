import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest, isUnauthorizedError } from "./api";

type UnauthorizedBehavior = "returnNull" | "throw";

/** Default read (SPEC §7): GET the path made by joining the key segments with "/". */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>("GET", queryKey.join("/"));
    } catch (error) {
      if (on401 === "returnNull" && isUnauthorizedError(error)) return null as T;
      throw error;
    }
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
