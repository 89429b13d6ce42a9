import { useState } from "react";
import { DISPUTE_LIMITS } from "../../../shared/constants";
import { openDisputeSchema } from "../../../shared/schemas/disputes";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { TextareaField } from "../../components/ui/textarea-field";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { useOpenDispute } from "./use-disputes";

/**
 * The form of "Open a dispute" (its own chunk: zod and the shared schema load on the first press, so
 * the pages showing the button stay light): a reason of 10 to 2,000 characters. The other party is
 * emailed and may respond once; an administrator decides.
 */
export default function OpenDisputeDialog({
  dealIntentId,
  dealName,
  isOpen,
  onClose,
}: {
  dealIntentId: string;
  dealName: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const open = useOpenDispute();
  const [reason, setReason] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    open.reset();
    setReason("");
    setSubmitted(false);
    onClose();
  };
  const invalid = openDisputeSchema.safeParse({ dealIntentId, reason }).error?.issues[0]?.message;
  return (
    <Dialog open={isOpen} onOpenChange={(value) => !value && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Open a dispute</DialogTitle>
          <DialogDescription>
            About {dealName}. We email the other party, who may respond once; an administrator then decides.
            Say what went wrong and what you expect.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (invalid) return;
            open.mutate(
              { dealIntentId, reason },
              {
                onSuccess: () => {
                  toast({ title: "Dispute Opened", description: "We told the other party by email." });
                  close();
                },
              },
            );
          }}
        >
          <TextareaField
            id={`dispute-reason-${dealIntentId}`}
            label="Reason"
            error={submitted || reason.length > DISPUTE_LIMITS.reasonMax ? invalid : undefined}
            length={reason.length}
            limit={DISPUTE_LIMITS.reasonMax}
            minimum={DISPUTE_LIMITS.reasonMin}
            rows={5}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormAlert>{open.isError && errorMessage(open.error)}</FormAlert>
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={open.isPending}>
              {open.isPending ? "Opening..." : "Open Dispute"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
