import { useQuery } from "@tanstack/react-query";
import type { AuditEntry } from "../../../shared/schemas/admin-audit";
import { apiRequest } from "../../lib/api";
import { useAdminList } from "./use-admin-list";

const AUDIT_PATH = "/api/admin/audit-logs";

/** The audit filters as they live in the page URL; dates are the admin's local calendar days. */
export type AuditFilters = {
  action: string;
  userId: string;
  from: string;
  to: string;
};

/** A local calendar day (YYYY-MM-DD) as the instant it starts, `days` later. */
function dayStart(day: string, days = 0): string | undefined {
  const match = day.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).toISOString();
}

/** Newest first; "to" includes its whole day. */
export function useAuditLog(filters: AuditFilters, limit?: number) {
  return useAdminList<AuditEntry>(AUDIT_PATH, {
    action: filters.action,
    userId: filters.userId,
    from: dayStart(filters.from),
    to: dayStart(filters.to, 1),
    limit: limit ? String(limit) : undefined,
  });
}

export function useAuditActions() {
  return useQuery({
    // Under the log's key, so whatever refreshes the log refreshes its actions too.
    queryKey: [AUDIT_PATH, "actions"],
    queryFn: () => apiRequest<string[]>("GET", "/api/admin/audit-actions"),
  });
}
