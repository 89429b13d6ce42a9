import { Check, ShieldOff, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { formatDate, formatDateTime, formatDollars } from "../../../shared/format";
import type { AdminBuyerVerification } from "../../../shared/schemas/buyer-verification";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { DetailList } from "./detail-list";
import { useFocusReturn } from "./restore-focus";
import { VERIFICATION_FILTER_LABELS } from "./use-buyer-verification-review";
import {
  ApproveVerificationDialog,
  RejectVerificationDialog,
  RevokeVerificationDialog,
} from "./verification-decision-dialogs";

const STATUS_TONES: Record<AdminBuyerVerification["status"], BadgeTone> = {
  in_progress: "grey",
  submitted: "yellow",
  approved: "green",
  rejected: "red",
  revoked: "red",
};
const STATUS_LABELS: Record<AdminBuyerVerification["status"], string> = {
  ...VERIFICATION_FILTER_LABELS,
  in_progress: "In progress",
};
const METHOD_LABELS = { dns: "DNS TXT record", meta: "Meta tag on the homepage" } as const;

const when = (value: string | null) => (value ? formatDateTime(value) : "—");

/** "$25.00 – $80.00", one end alone, or a dash. */
function formatPayoutRange(min: string | null, max: string | null): string {
  if (min && max) return `${formatDollars(min)} – ${formatDollars(max)}`;
  if (min) return `From ${formatDollars(min)}`;
  if (max) return `Up to ${formatDollars(max)}`;
  return "—";
}

/** What the administrator reviews: the business, then each proof with its evidence and time. */
function evidenceRows(v: AdminBuyerVerification): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [
    ["Website", v.website ?? "—"],
    ["Account email", v.accountEmail],
    ["Payment terms", v.paymentTerms ?? "—"],
    ["Payout range", formatPayoutRange(v.payoutMin, v.payoutMax)],
    ["Active listings", v.activeListings],
    ["Domain", v.domain],
    [
      "Domain proof",
      v.domainMethod ? `${METHOD_LABELS[v.domainMethod]}, ${when(v.domainVerifiedAt)}` : "Not proven",
    ],
    [
      "Evidence found",
      v.domainEvidence ? (
        <code key="evidence" className="break-all">
          {v.domainEvidence}
        </code>
      ) : (
        "—"
      ),
    ],
    ["Work email", v.workEmail ? `${v.workEmail}, confirmed ${when(v.emailVerifiedAt)}` : "—"],
    ["Sent for review", when(v.submittedAt)],
  ];
  if (v.decidedAt) rows.push(["Decided", when(v.decidedAt)]);
  if (v.status === "approved" && v.expiresAt) rows.push(["Badge until", formatDate(v.expiresAt)]);
  if (v.decisionReason) rows.push([v.status === "rejected" ? "Reason" : "Note", v.decisionReason]);
  if (v.revokedAt) rows.push(["Revoked", when(v.revokedAt)]);
  if (v.revokeReason) rows.push(["Revoke reason", v.revokeReason]);
  return rows;
}

type Dialog = "approve" | "reject" | "revoke" | null;

/** One buyer's verification with its evidence, and the decisions its state allows. */
export function VerificationCard({ verification }: { verification: AdminBuyerVerification }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const focus = useFocusReturn();
  const open = (next: Dialog) => () => {
    focus.remember();
    setDialog(next);
  };
  const dialogProps = (name: Exclude<Dialog, null>) => ({
    verification,
    open: dialog === name,
    onOpenChange: (isOpen: boolean) => setDialog(isOpen ? name : null),
    onCloseAutoFocus: focus.restore,
  });
  const titleId = `verification-${verification.id}-title`;
  const v = verification;
  return (
    <Card role="article" aria-labelledby={titleId} className="p-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="break-words text-lg font-semibold">
              {v.company}
            </h3>
            <Badge tone={STATUS_TONES[v.status]}>{STATUS_LABELS[v.status]}</Badge>
          </div>
          <DetailList rows={evidenceRows(v)} />
        </div>
        <div className="flex flex-wrap gap-2 lg:justify-end">
          {v.status === "submitted" && (
            <>
              <Button size="sm" onClick={open("approve")} aria-label={`Approve ${v.company}`}>
                <Check className="h-4 w-4" aria-hidden />
                Approve
              </Button>
              <Button
                size="sm"
                variant="destructive"
                onClick={open("reject")}
                aria-label={`Reject ${v.company}`}
              >
                <X className="h-4 w-4" aria-hidden />
                Reject
              </Button>
            </>
          )}
          {v.status === "approved" && (
            <Button
              size="sm"
              variant="destructive"
              onClick={open("revoke")}
              aria-label={`Revoke ${v.company}`}
            >
              <ShieldOff className="h-4 w-4" aria-hidden />
              Revoke
            </Button>
          )}
        </div>
      </div>
      {v.status === "submitted" && (
        <>
          <ApproveVerificationDialog {...dialogProps("approve")} />
          <RejectVerificationDialog {...dialogProps("reject")} />
        </>
      )}
      {v.status === "approved" && <RevokeVerificationDialog {...dialogProps("revoke")} />}
    </Card>
  );
}
