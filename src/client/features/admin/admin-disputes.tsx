import { Gavel } from "lucide-react";
import { useId, useState } from "react";
import { DISPUTE_LIMITS, type DisputeStatus } from "../../../shared/constants";
import {
  type AdminDispute,
  DISPUTE_DECISIONS,
  type DisputeDecision,
  resolveDisputeSchema,
} from "../../../shared/schemas/disputes";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { DialogFormActions } from "../../components/ui/dialog-form-actions";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { TextareaField } from "../../components/ui/textarea-field";
import { toast } from "../../components/ui/use-toast";
import {
  ADMIN_DISPUTES_PATH,
  DECISION_MEANING,
  DisputeItem,
  disputeName,
  useResolveDispute,
} from "../disputes";
import { AdminListSection } from "./admin-list-section";
import { useAdminList } from "./use-admin-list";

// The admin dashboard's Disputes tab: every dispute by status, open ones longest waiting
// first, each with both parties and how to reach them, and the decision: resolved or rejected, with
// notes both parties receive by email. A decision on a publisher's dispute moves the buyer's score.

const FILTERS: { value: DisputeStatus | "all"; label: string }[] = [
  { value: "pending", label: "Open" },
  { value: "resolved", label: "Resolved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
];

function ResolveDialog({ dispute, onClose }: { dispute: AdminDispute | null; onClose: () => void }) {
  const resolve = useResolveDispute();
  const [status, setStatus] = useState<DisputeDecision | null>(null);
  const [notes, setNotes] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const groupId = useId();
  const close = () => {
    resolve.reset();
    setStatus(null);
    setNotes("");
    setSubmitted(false);
    onClose();
  };
  const issues = resolveDisputeSchema.safeParse({ status: status ?? undefined, resolutionNotes: notes }).error
    ?.issues;
  const issueOf = (field: string) => issues?.find((issue) => issue.path[0] === field)?.message;
  const statusError = submitted ? issueOf("status") : undefined;
  const notesError =
    submitted || notes.length > DISPUTE_LIMITS.notesMax ? issueOf("resolutionNotes") : undefined;
  return (
    <Dialog open={dispute !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Decide {dispute ? disputeName(dispute) : "the dispute"}</DialogTitle>
          <DialogDescription>
            Both parties receive your decision and notes by email. A decision on a dispute a publisher opened
            counts in the buyer's reliability score.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (!dispute || !status || issues) return;
            resolve.mutate(
              { id: dispute.id, status, resolutionNotes: notes },
              {
                onSuccess: (decided) => {
                  toast({
                    title: decided.status === "resolved" ? "Dispute Resolved" : "Dispute Rejected",
                    description: "Both parties were emailed the decision.",
                  });
                  close();
                },
              },
            );
          }}
        >
          <fieldset aria-describedby={statusError ? `${groupId}-error` : undefined} className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Decision</legend>
            {DISPUTE_DECISIONS.map((decision) => (
              <label key={decision} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${groupId}-decision`}
                  value={decision}
                  checked={status === decision}
                  onChange={() => setStatus(decision)}
                  className="mt-0.5 h-4 w-4 accent-brand-600"
                />
                <span>{DECISION_MEANING[decision]}</span>
              </label>
            ))}
            {statusError && (
              <p id={`${groupId}-error`} role="alert" className="text-sm text-red-700">
                {statusError}
              </p>
            )}
          </fieldset>
          <TextareaField
            id={`${groupId}-notes`}
            label="Resolution notes (sent to both parties)"
            error={notesError}
            length={notes.length}
            limit={DISPUTE_LIMITS.notesMax}
            minimum={DISPUTE_LIMITS.notesMin}
            rows={5}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
          <DialogFormActions
            mutation={resolve}
            onCancel={close}
            submitLabel="Save Decision"
            pendingLabel="Saving..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AdminDisputesPanel() {
  const [status, setStatus] = useState<DisputeStatus | "all">("pending");
  const [deciding, setDeciding] = useState<AdminDispute | null>(null);
  const list = useAdminList<AdminDispute>(ADMIN_DISPUTES_PATH, {
    status: status === "all" ? undefined : status,
  });
  const filterId = useId();
  const shown = FILTERS.find((f) => f.value === status)?.label ?? "All";
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Gavel className="h-5 w-5 text-slate-500" aria-hidden />
          Disputes a publisher or a buyer opened on an accepted deal.
        </p>
        <div className="space-y-1 sm:w-48">
          <Label htmlFor={filterId}>Status</Label>
          <Select
            id={filterId}
            value={status}
            onChange={(event) => setStatus(event.target.value as DisputeStatus | "all")}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <AdminListSection
        headingId="admin-disputes-heading"
        heading={`${shown} disputes${list.total !== null ? ` (${list.total})` : ""}`}
        list={list}
        loadingLabel="Loading disputes…"
        emptyMessage={status === "pending" ? "No open disputes." : `No ${shown.toLowerCase()} disputes.`}
      >
        {(items) => (
          <ul aria-label="Disputes" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {items.map((dispute) => (
              <DisputeItem
                key={dispute.id}
                dispute={dispute}
                parties={
                  <>
                    Buyer {dispute.buyer.company} ({dispute.buyerEmail}) · Publisher {dispute.publisher.name}{" "}
                    ({dispute.publisherEmail})
                  </>
                }
              >
                {dispute.status === "pending" && (
                  <div className="flex flex-wrap items-center gap-3">
                    <Button
                      size="sm"
                      onClick={() => setDeciding(dispute)}
                      aria-label={`Decide ${disputeName(dispute)}`}
                    >
                      Decide
                    </Button>
                    {!dispute.response && (
                      <span className="text-sm text-slate-600">The other party has not responded yet.</span>
                    )}
                  </div>
                )}
              </DisputeItem>
            ))}
          </ul>
        )}
      </AdminListSection>
      <ResolveDialog dispute={deciding} onClose={() => setDeciding(null)} />
    </Card>
  );
}
