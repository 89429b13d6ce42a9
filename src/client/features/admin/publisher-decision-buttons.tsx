import { Check, X } from "lucide-react";
import { useState } from "react";
import type { ReviewPublisher } from "../../../shared/schemas/admin-publishers";
import { Button } from "../../components/ui/button";
import { useFocusReturn } from "./focus";
import { RejectPublisherDialog } from "./reject-publisher-dialog";
import { useDecidePublisher } from "./use-publisher-review";

/** Approve and Reject, shown only while the application is pending (SPEC §4). */
export function PublisherDecisionButtons({
  publisher,
  onDecided,
}: {
  publisher: ReviewPublisher;
  onDecided?: () => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const focus = useFocusReturn();
  const { approve } = useDecidePublisher({ onDecided });
  if (publisher.status !== "pending") return null;
  const name = publisher.website ?? publisher.email;
  return (
    <>
      <Button
        size="sm"
        onClick={() => approve.mutate(publisher.id)}
        disabled={approve.isPending}
        aria-label={`Approve ${name}`}
      >
        <Check className="h-4 w-4" aria-hidden />
        {approve.isPending ? "Approving..." : "Approve"}
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
