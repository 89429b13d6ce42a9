import { useQuery } from "@tanstack/react-query";
import type { AdminStats } from "../../../shared/schemas/admin";
import { apiRequest } from "../../lib/api";

export const STATS_PATH = "/api/admin/stats";

/** The admin's local midnight: "Approved Today" means their today, not the server's. */
function localDayStart(): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

/** GET /api/admin/stats: every dashboard figure, counted by the database. */
export function useAdminStats() {
  const dayStart = localDayStart();
  return useQuery({
    queryKey: [STATS_PATH, dayStart],
    queryFn: () => apiRequest<AdminStats>("GET", `${STATS_PATH}?dayStart=${encodeURIComponent(dayStart)}`),
  });
}
