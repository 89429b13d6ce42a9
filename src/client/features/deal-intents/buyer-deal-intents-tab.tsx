import { BadgeCheck, Check, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DEAL_INTENT_LIMITS } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import {
  type DealIntent,
  type DealPublisher,
  decideDealIntentSchema,
} from "../../../shared/schemas/deal-intents";
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
import { DealIntentList, dealIntentName } from "./deal-intent-parts";
import { useDecideDealIntent } from "./use-deal-intents";

// The buyer dashboard's Deal Intents tab: requests received on the buyer's listings. A pending one can
// be accepted or rejected with an optional note; an accepted one shows the publisher's profile and
// compliance record (accepting is the buyer's consent to deal, so each side may now see the other's details).

type Decision = "accept" | "reject";

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function PublisherRecord({ publisher }: { publisher: DealPublisher }) {
  const list = (items: string[]) => (items.length ? items.join(", ") : "Not given");
  return (
    <section
      aria-label="Publisher profile and compliance"
      className="rounded-md border border-green-200 bg-green-50/50 p-4"
    >
      <h4 className="mb-3 text-sm font-semibold">Publisher profile and compliance</h4>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Contact">
          {publisher.email ? (
            <>
              {publisher.name ? `${publisher.name} · ` : ""}
              <a
                className="text-brand-700 underline-offset-2 hover:underline"
                href={`mailto:${publisher.email}`}
              >
                {publisher.email}
              </a>
            </>
          ) : (
            publisher.name
          )}
        </Fact>
        <Fact label="Website">
          {publisher.website ? (
            <a
              className="text-brand-700 underline-offset-2 hover:underline"
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
        <Fact label="TCPA acknowledgment">
          {publisher.tcpaAcknowledgedAt ? formatDate(publisher.tcpaAcknowledgedAt) : "Not completed"}
        </Fact>
        <Fact label="Verticals">{list(publisher.verticals)}</Fact>
        <Fact label="Traffic sources">{list(publisher.trafficSources)}</Fact>
        <Fact label="Geographies">{list(publisher.geos)}</Fact>
        <Fact label="Average daily calls">{publisher.avgDailyCalls ?? "Not given"}</Fact>
        <Fact label="DNC process" className="sm:col-span-2">
          {publisher.dncProcessDesc ?? "Not given"}
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
            {accept ? "Accept" : "Reject"} {intent ? dealIntentName(intent) : ""}?
          </DialogTitle>
          <DialogDescription>
            {accept
              ? "The publisher will see this listing's contact details, and you will see their profile and compliance record. We email them your answer."
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
                    title: accept ? "Deal Intent Accepted" : "Deal Intent Rejected",
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
        loadingLabel="Loading deal intents…"
        listLabel="Deal intents received"
        emptyDescription="When a publisher asks for a deal on one of your listings, it appears here for you to accept or reject."
        messageLabel="Their message"
        noteLabel="Your note"
        details={(intent) => (
          <>
            {intent.status === "pending" && (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  onClick={() => setDeciding({ intent, decision: "accept" })}
                  aria-label={`Accept ${dealIntentName(intent)}`}
                >
                  <Check className="h-4 w-4" aria-hidden />
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setDeciding({ intent, decision: "reject" })}
                  aria-label={`Reject ${dealIntentName(intent)}`}
                >
                  <X className="h-4 w-4" aria-hidden />
                  Reject
                </Button>
              </div>
            )}
            {intent.publisher && <PublisherRecord publisher={intent.publisher} />}
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
