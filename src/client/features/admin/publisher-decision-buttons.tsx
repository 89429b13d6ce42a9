import { Check, X } from "lucide-react";
import { useState } from "react";
import type { ReviewPublisher } from "../../../shared/schemas/admin-publishers";
import { Button } from "../../components/ui/button";
import { ApprovePublisherDialog } from "./approve-publisher-dialog";
import { RejectPublisherDialog } from "./reject-publisher-dialog";
import { useFocusReturn } from "./restore-focus";

/**
 * Approve and Reject, shown only while the application is pending. Both ask first: Approve
 * in a confirmation that lists what to check, Reject for the reason.
 */
export function PublisherDecisionButtons({
  publisher,
  onDecided,
}: {
  publisher: ReviewPublisher;
  onDecided?: () => void;
}) {
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const focus = useFocusReturn();
  if (publisher.status !== "pending") return null;
  const name = publisher.website ?? publisher.email;
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          focus.remember();
          setApproving(true);
        }}
        aria-label={`Approve ${name}`}
      >
        <Check className="h-4 w-4" aria-hidden />
        Approve
      </Button>
      <Button
        size="sm"
        variant="destructive"
        onClick={() => {
          focus.remember();
          setRejecting(true);
        }}
        aria-label={`Reject ${name}`}
      >
        <X className="h-4 w-4" aria-hidden />
        Reject
      </Button>
      <ApprovePublisherDialog
        publisher={publisher}
        open={approving}
        onOpenChange={setApproving}
        onCloseAutoFocus={focus.restore}
        onDecided={onDecided}
      />
      <RejectPublisherDialog
        publisher={publisher}
        open={rejecting}
        onOpenChange={setRejecting}
        onCloseAutoFocus={focus.restore}
        onDecided={onDecided}
      />
    </>
  );
}
