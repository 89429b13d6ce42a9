import type { ReactNode } from "react";
import { formatDateTime } from "../../../shared/format";
import type { AdminSmsHistory } from "../../../shared/schemas/sms";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { formatUsPhone } from "../sms";
import { capitalize } from "./admin-format";
import { DetailList } from "./detail-list";
import { useAdminSmsHistory } from "./use-admin-sms";

// A user's SMS history for support and compliance: the number's state, every consent given or withdrawn
// (with where it came from: the web form's IP and browser, or the reply texted), and the texts sent.
// Verification codes arrive masked from the server.

const EVENT_LABELS = { consented: "Consented", opted_out: "Opted out", opted_in: "Opted back in" } as const;
const SOURCE_LABELS = { web: "Alerts tab", sms: "Text reply", system: "System" } as const;
const KIND_LABELS = {
  verification: "Verification code",
  alert: "Alert",
  summary: "Morning summary",
  opt_out_confirmation: "Opt-out confirmation",
  opt_in_confirmation: "Opt-in confirmation",
  help: "Help reply",
} as const;

function statusTone(status: string): BadgeTone {
  if (status === "delivered" || status === "sent") return "green";
  if (status === "failed" || status === "undelivered") return "red";
  return "grey";
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function NumberState({ number }: { number: AdminSmsHistory["number"] }) {
  if (!number) return <p className="text-sm text-slate-600">No number entered.</p>;
  const state = number.suspendedAt
    ? `Suspended on ${formatDateTime(number.suspendedAt)} after failed deliveries`
    : number.optedOutAt
      ? `Opted out on ${formatDateTime(number.optedOutAt)} (${SOURCE_LABELS[number.optOutSource ?? "system"]})`
      : number.verifiedAt
        ? "Receiving texts"
        : "Waiting for the code";
  return (
    <DetailList
      rows={[
        ["Number", formatUsPhone(number.phone)],
        ["State", state],
        ["Verified", number.verifiedAt ? formatDateTime(number.verifiedAt) : "Not verified"],
      ]}
    />
  );
}

function History({ history }: { history: AdminSmsHistory }) {
  return (
    <div className="space-y-5">
      <Section title="Number">
        <NumberState number={history.number} />
      </Section>
      <Section title="Consent records">
        {history.consents.length === 0 ? (
          <p className="text-sm text-slate-600">No consent records.</p>
        ) : (
          <ul className="space-y-2" aria-label="Consent records">
            {history.consents.map((record) => (
              <li key={record.id} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{EVENT_LABELS[record.event]}</span>
                  <span className="text-slate-600">
                    {formatDateTime(record.createdAt)} · {SOURCE_LABELS[record.source]}
                    {record.keyword ? ` (${record.keyword})` : ""}
                  </span>
                </p>
                <p className="break-words text-slate-700">
                  {formatUsPhone(record.phone)}
                  {record.textVersion ? ` · consent text ${record.textVersion}` : ""}
                </p>
                {(record.ip || record.userAgent) && (
                  <p className="break-all text-xs text-slate-600">
                    {record.ip ? `IP ${record.ip}` : ""}
                    {record.ip && record.userAgent ? " · " : ""}
                    {record.userAgent ?? ""}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Texts">
        {history.messages.length === 0 ? (
          <p className="text-sm text-slate-600">No texts sent.</p>
        ) : (
          <ul className="space-y-2" aria-label="Texts">
            {history.messages.map((message) => (
              <li key={message.id} className="space-y-1 rounded-md border border-slate-200 p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{KIND_LABELS[message.kind]}</span>
                  <Badge tone={statusTone(message.status)}>
                    {capitalize(message.status)}
                    {message.errorCode ? ` (${message.errorCode})` : ""}
                  </Badge>
                  <span className="text-slate-600">
                    {formatDateTime(message.createdAt)} to {formatUsPhone(message.phone)}
                  </span>
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-800">{message.body}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

/** Rendered only while open, so the history is read when the admin asks for it. */
function HistoryContent({ userId }: { userId: string }) {
  const history = useAdminSmsHistory(userId);
  return (
    <QueryState
      query={history}
      loadingLabel="Loading the SMS history…"
      loading={<Skeleton className="h-48 w-full" />}
      errorMessage={() => "The SMS history could not be loaded."}
    >
      {(data) => <History history={data} />}
    </QueryState>
  );
}

export function SmsHistoryDialog({
  userId,
  email,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  userId: string;
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>SMS history</DialogTitle>
          <DialogDescription className="break-all">
            {email}: number, consent records and texts, newest first.
          </DialogDescription>
        </DialogHeader>
        {open && <HistoryContent userId={userId} />}
      </DialogContent>
    </Dialog>
  );
}
