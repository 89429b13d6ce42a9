import { useQuery } from "@tanstack/react-query";
import type { AdminSmsHistory } from "../../../shared/schemas/sms";

/** GET /api/admin/users/{id}/sms: the user's number, consent records and texts, read when the panel opens. */
export function useAdminSmsHistory(userId: string) {
  // Read afresh at each opening: texts and replies arrive all the time.
  return useQuery<AdminSmsHistory>({ queryKey: [`/api/admin/users/${userId}/sms`], staleTime: 0 });
}
