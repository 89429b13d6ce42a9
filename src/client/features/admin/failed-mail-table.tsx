import type { MailKind } from "../../../shared/constants";
import { formatDateTime } from "../../../shared/format";
import type { FailedMail } from "../../../shared/schemas/admin-mail";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ScrollRegion } from "../../components/ui/scroll-region";
import { useRetryMail } from "./use-failed-mail";

const KIND_LABELS: Record<MailKind, string> = {
  "sign-in": "Sign-in link",
  account: "Account notice",
  "deal-intent": "Deal request",
  dispute: "Dispute",
  "publisher-review": "Publisher decision",
  boost: "Boost receipt or reminder",
  sms: "SMS notice",
  webhook: "Webhook endpoint notice",
  "buyer-verification": "Buyer verification",
};

/**
 * The failed mails as a table: what, to whom, how often it was tried and the server's last answer, with
 * a Retry button per row. The body is never shown (a sign-in mail carries a live link).
 */
export function FailedMailTable({ mails }: { mails: FailedMail[] }) {
  const retry = useRetryMail();
  return (
    <ScrollRegion label="Failed mail" className="rounded-md border border-slate-200 bg-white">
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">Mail the queue gave up on, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Recipient
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Kind and subject
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Attempts
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Last error
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Dates
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {mails.map((mail) => {
            const noteId = `mail-${mail.id}-note`;
            const busy = retry.isPending && retry.variables?.id === mail.id;
            return (
              <tr key={mail.id} className="align-top">
                <th scope="row" className="break-all px-3 py-2 text-left font-medium">
                  {mail.to}
                </th>
                <td className="px-3 py-2">
                  <Badge tone="grey">{KIND_LABELS[mail.kind]}</Badge>
                  <p className="mt-1 text-slate-700">{mail.subject}</p>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{mail.attempts}</td>
                <td className="max-w-xs break-words px-3 py-2 text-slate-700">{mail.lastError ?? "None"}</td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                  <p>Queued {formatDateTime(mail.createdAt)}</p>
                  <p>Last tried {formatDateTime(mail.updatedAt)}</p>
                </td>
                <td className="px-3 py-2 text-right">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={!mail.retryable || busy}
                    aria-describedby={mail.retryable ? undefined : noteId}
                    aria-label={`Retry the mail to ${mail.to}`}
                    onClick={() => retry.mutate(mail)}
                  >
                    {busy ? "Queuing…" : "Retry"}
                  </Button>
                  {!mail.retryable && (
                    <p id={noteId} className="mt-1 text-xs text-slate-600">
                      The link has expired
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
