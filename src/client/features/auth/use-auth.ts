import { useQuery } from "@tanstack/react-query";
import type { SessionUser } from "../../../shared/schemas/auth";
import { apiRequest } from "../../lib/api";

export const AUTH_USER_KEY = ["/api/auth/user"] as const;

/**
 * Signed in when the current-user call returns a user. The probe asks with `?optional=1`, which
 * answers 200 null when signed out instead of the plain form's 401, so a signed-out visit leaves no
 * failed request in the browser's console (docs/architecture.md). The key stays the plain path, so
 * invalidating AUTH_USER_KEY still refreshes it.
 */
export function useAuth() {
  const { data, isLoading } = useQuery<SessionUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: () => apiRequest<SessionUser | null>("GET", `${AUTH_USER_KEY[0]}?optional=1`),
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: Boolean(user) };
}
