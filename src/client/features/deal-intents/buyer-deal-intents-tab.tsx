import { BadgeCheck, Check, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DEAL_INTENT_LIMITS } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import {
  type DealIntent,
  type DealPublisher,
  decideDealIntentSchema,
} from "../../../shared/schemas/deal-intents";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { DialogFormActions } from "../../components/ui/dialog-form-actions";
import { TextareaField } from "../../components/ui/textarea-field";
import { toast, toastError } from "../../components/ui/use-toast";
import { formatQualityScore, QualityScoreBasis } from "../publishers";
import { DealIntentList, dealRequestName } from "./deal-intent-parts";
import { useDecideDealIntent } from "./use-deal-intents";

// The buyer dashboard's Deal Requests tab: requests received on the buyer's listings, each with who asks
// (the publisher's profile, verification, score, compliance record and history), so the buyer vets them
// before answering. A pending one can be accepted or rejected with an optional note; accepting is the
// buyer's consent to deal, so each side may then reach the other (the publisher's email appears here).

type Decision = "accept" | "reject";

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const APPROVAL: Record<DealPublisher["status"], { label: string; tone: BadgeTone }> = {
  approved: { label: "Approved", tone: "green" },
  pending: { label: "Pending Review", tone: "yellow" },
  rejected: { label: "Rejected", tone: "red" },
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * Who asks, shown on every request the buyer received so they can vet the publisher before answering
 * (the request mail lists the same facts). How to reach them appears once the buyer accepted.
 */
function PublisherSummary({ publisher, status }: { publisher: DealPublisher; status: DealIntent["status"] }) {
  const list = (items: string[]) => (items.length ? items.join(", ") : "Not given");
  const approval = APPROVAL[publisher.status];
  return (
    <section
      aria-label="About the publisher"
      className="rounded-md border border-slate-200 bg-slate-50/60 p-4"
    >
      <h3 className="mb-3 text-sm font-semibold">About the publisher</h3>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Name">{publisher.name ?? "Not given"}</Fact>
        <Fact label="Company">{publisher.company ?? "Not given"}</Fact>
        <Fact label="Website">
          {publisher.website ? (
            <a
              className="break-all text-brand-700 underline-offset-2 hover:underline"
              href={publisher.website}
              target="_blank"
              rel="noopener noreferrer"
            >
              {publisher.website}
            </a>
          ) : (
            "Not given"
          )}
        </Fact>
        <Fact label="Domain verified">
          {publisher.domainVerified ? (
            <span className="inline-flex items-center gap-1">
              <BadgeCheck className="h-4 w-4 text-green-700" aria-hidden />
              Yes{publisher.domainVerifiedAt ? `, ${formatDate(publisher.domainVerifiedAt)}` : ""}
            </span>
          ) : (
            "No"
          )}
        </Fact>
        <Fact label="Approval">
          <Badge tone={approval.tone}>{approval.label}</Badge>
        </Fact>
        <Fact label="Contact">
          {publisher.email ? (
            <a
              className="break-all text-brand-700 underline-offset-2 hover:underline"
              href={`mailto:${publisher.email}`}
            >
              {publisher.email}
            </a>
          ) : status === "pending" ? (
            "Shown once you accept"
          ) : (
            "Not shared"
          )}
        </Fact>
        <Fact label="Quality score" className="sm:col-span-2">
          <span className="font-medium" data-testid="deal-publisher-score">
            {formatQualityScore(publisher.qualityScore)}
          </span>
          <QualityScoreBasis breakdown={publisher.qualityBreakdown} />
        </Fact>
        <Fact label="Traffic sources">{list(publisher.trafficSources)}</Fact>
        <Fact label="Verticals">{list(publisher.verticals)}</Fact>
        <Fact label="Geographies">{list(publisher.geos)}</Fact>
        <Fact label="Average daily calls">{publisher.avgDailyCalls ?? "Not given"}</Fact>
        <Fact label="Years in business">{publisher.yearsInBusiness ?? "Not given"}</Fact>
        <Fact label="TCPA acknowledgment">
          {publisher.tcpaAcknowledgedAt ? formatDate(publisher.tcpaAcknowledgedAt) : "Not on file"}
        </Fact>
        <Fact label="DNC process" className="sm:col-span-2">
          <span className="whitespace-pre-line">{publisher.dncProcessDesc ?? "Not on file"}</span>
        </Fact>
        <Fact label="On the platform" className="sm:col-span-2">
          {plural(publisher.dealCount, "deal")} · {plural(publisher.reviewCount, "review")} written
        </Fact>
      </dl>
    </section>
  );
}

function DecideDialog({
  intent,
  decision,
  onClose,
}: {
  intent: DealIntent | null;
  decision: Decision;
  onClose: () => void;
}) {
  const decide = useDecideDealIntent();
  const [note, setNote] = useState("");
  const close = () => {
    decide.reset();
    setNote("");
    onClose();
  };
  const accept = decision === "accept";
  // The server's own rule and words (too long, control characters), checked as the user types.
  const invalid = decideDealIntentSchema.safeParse({ note }).error?.issues[0]?.message;
  return (
    <Dialog open={intent !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {accept ? "Accept" : "Reject"} {intent ? dealRequestName(intent) : "the deal request"}?
          </DialogTitle>
          <DialogDescription>
            {accept
              ? "The publisher will see this listing's contact details, and you will see their email. We email them your answer."
              : "The publisher is told by email. They may ask again later."}
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!intent || invalid) return;
            decide.mutate(
              { id: intent.id, decision, note },
              {
                onSuccess: () => {
                  toast({
                    title: accept ? "Deal Request Accepted" : "Deal Request Rejected",
                    description: intent.listingTitle ?? undefined,
                  });
                  close();
                },
                onError: (error) => toastError(error),
              },
            );
          }}
        >
          <TextareaField
            id="decision-note"
            label="Note to the publisher (optional)"
            error={invalid}
            length={note.length}
            limit={DEAL_INTENT_LIMITS.noteMax}
            rows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <DialogFormActions
            mutation={decide}
            onCancel={close}
            submitLabel={accept ? "Accept Deal" : "Reject Deal"}
            pendingLabel="Saving..."
            variant={accept ? "primary" : "destructive"}
            disabled={invalid !== undefined}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function BuyerDealIntentsTab() {
  const [deciding, setDeciding] = useState<{ intent: DealIntent; decision: Decision } | null>(null);
  return (
    <>
      <DealIntentList
        direction="received"
        loadingLabel="Loading deal requests…"
        listLabel="Deal requests received"
        emptyDescription="When a publisher asks for a deal on one of your listings, it appears here for you to accept or reject."
        messageLabel="Their message"
        noteLabel="Your note"
        details={(intent) => (
          <>
            {/* Who asks first, then the answer: the buyer reads before deciding. */}
            {intent.publisher && <PublisherSummary publisher={intent.publisher} status={intent.status} />}
            {intent.status === "pending" && (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  onClick={() => setDeciding({ intent, decision: "accept" })}
                  aria-label={`Accept ${dealRequestName(intent)}`}
                >
                  <Check className="h-4 w-4" aria-hidden />
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setDeciding({ intent, decision: "reject" })}
                  aria-label={`Reject ${dealRequestName(intent)}`}
                >
                  <X className="h-4 w-4" aria-hidden />
                  Reject
                </Button>
              </div>
            )}
          </>
        )}
      />
      <DecideDialog
        intent={deciding?.intent ?? null}
        decision={deciding?.decision ?? "accept"}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
