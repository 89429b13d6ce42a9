import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { formatDate, shortId } from "../../../shared/format";
import type { ReviewPublisher } from "../../../shared/schemas/admin-publishers";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatQualityScore, QualityScoreBasis } from "../publishers";
import { applicantName } from "./admin-format";
import { ApprovalWarningList } from "./approval-warning-list";
import { PublisherDecisionButtons } from "./publisher-decision-buttons";
import { PublisherDetailsDialog } from "./publisher-details-dialog";
import { PublisherStatusBadge } from "./publisher-status-badge";
import { useFocusReturn } from "./restore-focus";

/** One application in the admin publishers list. */
export function PublisherCard({ publisher }: { publisher: ReviewPublisher }) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const focus = useFocusReturn();
  const titleId = `publisher-${publisher.id}-title`;
  const name = publisher.website ?? publisher.email;
  const applicant = applicantName(publisher);
  return (
    <Card role="article" aria-labelledby={titleId} className="p-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="break-all text-lg font-semibold">
              {name}
            </h3>
            <PublisherStatusBadge status={publisher.status} />
            {publisher.compliance?.tcpaComplianceAck && (
              <Badge tone="green">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden />
                TCPA Compliant
              </Badge>
            )}
          </div>
          <p className="text-sm text-slate-600">
            ID {shortId(publisher.id)} · {applicant === publisher.email ? "" : `${applicant} · `}
            {publisher.email} · Created {formatDate(publisher.createdAt)}
          </p>
          {publisher.verticals.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Verticals">
              {publisher.verticals.map((vertical) => (
                <li key={vertical}>
                  <Badge tone="blue">{vertical}</Badge>
                </li>
              ))}
            </ul>
          )}
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-600">Daily calls</dt>
              <dd className="font-medium">{publisher.avgDailyCalls ?? "—"}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Quality score</dt>
              <dd className="font-medium">{formatQualityScore(publisher.qualityScore)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Years</dt>
              <dd className="font-medium">{publisher.yearsInBusiness ?? "—"}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Applied</dt>
              <dd className="font-medium">{formatDate(publisher.createdAt)}</dd>
            </div>
          </dl>
          <QualityScoreBasis breakdown={publisher.qualityBreakdown} />
          {publisher.status === "pending" && <ApprovalWarningList publisher={publisher} />}
          {publisher.status === "rejected" && publisher.reviewReason && (
            <p className="text-sm text-slate-700">
              <span className="font-medium">Reason:</span> {publisher.reviewReason}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 lg:justify-end">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              focus.remember();
              setDetailsOpen(true);
            }}
            aria-label={`Details: ${name}`}
          >
            Details
          </Button>
          <PublisherDecisionButtons publisher={publisher} />
        </div>
      </div>
      <PublisherDetailsDialog
        publisher={publisher}
        open={detailsOpen}
        onOpenChange={setDetailsOpen}
        onCloseAutoFocus={focus.restore}
      />
    </Card>
  );
}
