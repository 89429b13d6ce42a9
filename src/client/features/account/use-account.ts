import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  type AccountSession,
  type AccountSummary,
  type emailChangeRequestSchema,
} from "../../../shared/schemas/account";
import { toast } from "../../components/ui/use-toast";
import { apiDownload, apiRequest } from "../../lib/api";
import { AUTH_USER_KEY } from "../auth";

// The only module that knows the Account page's URLs: its summary, the signed-in sessions, the email
// change and its two links, the "not you?" link of the sign-in alert, the data export and deletion.
// Every answer is the server's; the page shows it as it is.

const ACCOUNT_KEY = "/api/account";
const SESSIONS_KEY = "/api/account/sessions";
/** The data export: a ZIP the browser saves (account.json and listings.csv). */
export const EXPORT_URL = "/api/account/export";

type Message = { message: string };
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;

export function useAccountSummary() {
  // Read at each visit: an email confirmed from another tab, or a plan renewed, changes it.
  return useQuery<AccountSummary>({ queryKey: [ACCOUNT_KEY], staleTime: 0 });
}

export function useAccountSessions() {
  // Read at each visit: other devices sign in and out without this page's doing.
  return useQuery<{ sessions: AccountSession[] }>({ queryKey: [SESSIONS_KEY], staleTime: 0 });
}

/** Signs one of the user's other sessions out (DELETE /api/account/sessions/{id}), then reads the list again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: AccountSession) =>
      apiRequest("DELETE", `${SESSIONS_KEY}/${encodeURIComponent(session.id)}`),
    // Also after a 404 (that session had already ended): the list the user sees is out of date either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SESSIONS_KEY] }),
  });
}

/** Signs out every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>("POST", `${SESSIONS_KEY}/revoke-others`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SESSIONS_KEY] }),
  });
}

/** Mails a confirmation link to the new address; the email stays the same until it is followed. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (request: EmailChangeRequest) => apiRequest<Message>("POST", `${ACCOUNT_KEY}/email`, request),
  });
}

/**
 * A one-time link's action (confirm, undo, not me): POSTed on a click, never on load, since mail
 * scanners open links. Who is signed in here may have changed (undo and "not me" end every session of
 * the account, a confirmed change renames it), so the current user and the account are read again.
 */
function useAccountLink(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<Message>("POST", path, { token }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: [ACCOUNT_KEY] }),
      ]),
  });
}

export function useConfirmEmailChange() {
  return useAccountLink(`${ACCOUNT_KEY}/email/confirm`);
}

export function useUndoEmailChange() {
  return useAccountLink(`${ACCOUNT_KEY}/email/undo`);
}

export function useSecureAccount() {
  return useAccountLink(`${ACCOUNT_KEY}/not-me`);
}

/** Reads the export whole, so a refusal (the hourly limit) is shown instead of being saved as the file. */
export function useDownloadExport() {
  return useMutation({ mutationFn: () => apiDownload(EXPORT_URL) });
}

/**
 * Deletes the account (the server also clears the session cookie) and leaves for the landing page as a
 * signed-out visitor. Both in one step: the new location and the signed-out state reach React in the
 * same render, so the Account page's sign-in guard never sees "signed out" and sends the visitor to
 * the sign-in page instead.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (confirmEmail: string) => apiRequest("DELETE", ACCOUNT_KEY, { confirmEmail }),
    onSuccess: () => {
      navigate("/", { replace: true });
      queryClient.setQueryData(AUTH_USER_KEY, null);
      queryClient.removeQueries({ queryKey: [ACCOUNT_KEY] });
      queryClient.removeQueries({ queryKey: [SESSIONS_KEY] });
      toast({ title: "Account deleted", description: ACCOUNT_MESSAGES.accountDeleted });
    },
  });
}
