import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FailedMail, RetriedMail } from "../../../shared/schemas/admin-mail";
import { toast, toastError } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api";
import { useAdminList } from "./use-admin-list";

const FAILED_MAIL_PATH = "/api/admin/mail/failed";

/** Mail whose retries were used up, newest first. */
export function useFailedMail() {
  return useAdminList<FailedMail>(FAILED_MAIL_PATH, {});
}

/** Queues a failed mail again; it leaves the list, and the audit log gains the retry. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mail: FailedMail) => apiRequest<RetriedMail>("POST", `${FAILED_MAIL_PATH}/${mail.id}/retry`),
    onSuccess: (_retried, mail) => {
      toast({ title: "Mail Queued", description: `The mail to ${mail.to} will be sent again shortly.` });
      return Promise.all(
        [FAILED_MAIL_PATH, "/api/admin/audit-logs"].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      );
    },
    // A 404 means someone else retried it (or it went out): the list is refreshed either way.
    onError: (error) => {
      toastError(error);
      return queryClient.invalidateQueries({ queryKey: [FAILED_MAIL_PATH] });
    },
  });
}
