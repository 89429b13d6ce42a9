import type { ReactNode } from "react";
import { Link } from "wouter";
import type { DisputeStatus } from "../../../shared/constants";
import { formatDate, shortId } from "../../../shared/format";
import { listingPagePath } from "../../../shared/routes";
import type { Dispute } from "../../../shared/schemas/disputes";
import { Badge, type BadgeTone } from "../../components/ui/badge";

// What every list of disputes shows (the parties' tabs and the admin's): the name, the deal, who opened
// it and why, the answer, and the decision.

const STATUS: Record<DisputeStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Open", tone: "yellow" },
  resolved: { label: "Resolved", tone: "green" },
  rejected: { label: "Rejected", tone: "red" },
};

function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

export const disputeName = (dispute: Pick<Dispute, "id">) => `Dispute #${shortId(dispute.id)}`;

/** What each decision means, for the admin choosing it and the parties reading it. */
export const DECISION_MEANING = {
  resolved: "Resolved: the complaint was founded and has been settled.",
  rejected: "Rejected: the complaint was unfounded.",
} as const;

function Text({ label, text }: { label: string; text: string }) {
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className="whitespace-pre-line break-words text-slate-800">{text}</p>
    </div>
  );
}

/** One dispute as a list item; `parties` says who is involved (from the viewer's side), `children` acts. */
export function DisputeItem({
  dispute,
  parties,
  children,
}: {
  dispute: Dispute;
  parties: ReactNode;
  children?: ReactNode;
}) {
  const titleId = `dispute-${dispute.id}`;
  const opener = dispute.openedBy === "buyer" ? dispute.buyer.company : dispute.publisher.name;
  return (
    <li aria-labelledby={titleId} className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={titleId} className="font-semibold">
            {disputeName(dispute)}
          </h2>
          <p className="text-sm text-slate-700">
            {dispute.listingId && dispute.listingTitle ? (
              <Link
                className="text-brand-700 underline-offset-2 hover:underline"
                href={listingPagePath(dispute.listingId)}
              >
                {dispute.listingTitle}
              </Link>
            ) : (
              <span className="italic">Listing deleted</span>
            )}
          </p>
          <p className="break-words text-sm text-slate-700">{parties}</p>
          <p className="text-xs text-slate-600">
            Opened by {dispute.side === dispute.openedBy ? "you" : opener} on {formatDate(dispute.createdAt)}
            {dispute.resolvedAt ? ` · Decided ${formatDate(dispute.resolvedAt)}` : ""}
          </p>
        </div>
        <div className="shrink-0">
          <DisputeStatusBadge status={dispute.status} />
        </div>
      </div>
      <Text label="Reason" text={dispute.reason} />
      {dispute.response && (
        <Text
          label={`Response${dispute.respondedAt ? ` · ${formatDate(dispute.respondedAt)}` : ""}`}
          text={dispute.response}
        />
      )}
      {dispute.status !== "pending" && (
        <div className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="font-medium">{DECISION_MEANING[dispute.status]}</p>
          {dispute.resolutionNotes && (
            <p className="whitespace-pre-line break-words text-slate-800">{dispute.resolutionNotes}</p>
          )}
        </div>
      )}
      {children}
    </li>
  );
}
