import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { getQueryFn } from "../../lib/query-client";

export const AUTH_USER_KEY = ["/api/auth/user"] as const;

/** SPEC §4: signed in when the current-user call returns a user; a 401 means signed out. */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn({ on401: "returnNull" }),
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: Boolean(user) };
}
