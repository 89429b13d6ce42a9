import type { ReactNode } from "react";
import { formatDate, formatDateTime, shortId } from "../../../shared/format";
import type { ReviewPublisher } from "../../../shared/schemas/admin-publishers";
import { Badge } from "../../components/ui/badge";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { formatQualityScore, QualityScoreBasis } from "../publishers";
import { applicantName, capitalize, publisherStatusBadge } from "./admin-format";
import { ApprovalWarningList } from "./approval-warning-list";
import { DetailList } from "./detail-list";
import { PublisherDecisionButtons } from "./publisher-decision-buttons";
import { PublisherStatusBadge } from "./publisher-status-badge";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function Chips({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item}>
          <Badge tone="blue">{item}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The details modal: everything the application holds, and the decision while it is pending. */
export function PublisherDetailsDialog({
  publisher,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  publisher: ReviewPublisher;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (useFocusReturn().restore). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const name = [publisher.firstName, publisher.lastName].filter(Boolean).join(" ");
  const compliance = publisher.compliance;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{publisher.website ?? "Publisher application"}</DialogTitle>
          <DialogDescription>
            Application {shortId(publisher.id)} from {applicantName(publisher)}
            {applicantName(publisher) === publisher.email ? "" : ` (${publisher.email})`}, applied{" "}
            {formatDate(publisher.createdAt)}.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-5">
          {publisher.status === "pending" && <ApprovalWarningList publisher={publisher} />}
          <Section title="Basic information">
            <DetailList
              rows={[
                ["Status", <PublisherStatusBadge key="s" status={publisher.status} />],
                ["Company", publisher.company ?? "Not given"],
                ["Contact", name ? `${name} (${publisher.email})` : publisher.email],
                ["Website", publisher.website ?? "Not given"],
                [
                  "Domain verification",
                  publisher.domainVerifiedAt
                    ? `Verified on ${formatDate(publisher.domainVerifiedAt)}`
                    : "Not verified yet",
                ],
                ["Average daily calls", publisher.avgDailyCalls ?? "Not given"],
                ["Years in business", publisher.yearsInBusiness ?? "Not given"],
                ["Tier", capitalize(publisher.tier)],
                [
                  "Quality score",
                  <div key="q" className="space-y-1">
                    {formatQualityScore(publisher.qualityScore)}
                    <QualityScoreBasis breakdown={publisher.qualityBreakdown} />
                  </div>,
                ],
              ]}
            />
          </Section>
          {publisher.sameWebsite.length > 0 && (
            <Section title="Other applications for this website">
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {publisher.sameWebsite.map((other) => (
                  <li key={other.id} className="break-words">
                    {applicantName(other)}
                    {applicantName(other) === other.email ? "" : ` (${other.email})`}:{" "}
                    {publisherStatusBadge(other.status).label}, applied {formatDate(other.createdAt)}
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <Section title="Verticals">
            <Chips items={publisher.verticals} empty="None selected" />
          </Section>
          <Section title="Geographic coverage">
            <Chips items={publisher.geos} empty="None selected" />
          </Section>
          <Section title="Traffic sources">
            <Chips items={publisher.trafficSources} empty="None selected" />
          </Section>
          <Section title="References">
            {publisher.references.length === 0 ? (
              <p className="text-sm text-slate-600">No references given</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {publisher.references.map((reference) => (
                  <li key={reference} className="break-words">
                    {reference}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Compliance">
            {compliance ? (
              <DetailList
                rows={[
                  ["TCPA acknowledgment", compliance.tcpaComplianceAck ? "Acknowledged" : "Not acknowledged"],
                  [
                    "Accepted",
                    compliance.acceptedAt ? formatDateTime(compliance.acceptedAt) : "Not recorded",
                  ],
                  ["Text version", compliance.ackTextVersion ?? "Not recorded"],
                  ["DNC process", compliance.dncProcessDesc ?? "Not described"],
                  [
                    "From",
                    [compliance.ip, compliance.userAgent].filter(Boolean).join(" · ") || "Not recorded",
                  ],
                ]}
              />
            ) : (
              <p className="text-sm text-slate-600">Compliance Not Completed</p>
            )}
          </Section>
          {publisher.reviewedAt && (
            <Section title="Review">
              <DetailList
                rows={[
                  ["Decided", formatDateTime(publisher.reviewedAt)],
                  ["By", publisher.reviewedByEmail ?? "A former administrator"],
                  ["Reason", publisher.reviewReason ?? "None given"],
                ]}
              />
            </Section>
          )}
        </div>
        {publisher.status === "pending" && (
          <DialogFooter>
            <PublisherDecisionButtons publisher={publisher} onDecided={() => onOpenChange(false)} />
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
