import { useState } from "react";
import { DEAL_INTENT_LIMITS } from "../../../shared/constants";
import { createDealIntentSchema } from "../../../shared/schemas/deal-intents";
import type { ListingDetail } from "../../../shared/schemas/listings";
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
import { useRequestDeal } from "./use-deal-intents";

// The "Request Deal" form (request-deal.tsx), loaded when a publisher first opens it: it brings zod (the
// server's own rule for the message) and the form field, which the listing detail page would otherwise
// download and run on every visit (it would add to Lighthouse's total blocking time).

export default function RequestDealDialog({
  listing,
  open,
  onOpenChange,
}: {
  listing: ListingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const request = useRequestDeal();
  const [message, setMessage] = useState("");
  // The server's own rule and words (too long, control characters), checked as the user types.
  const invalid = createDealIntentSchema.shape.message.safeParse(message).error?.issues[0]?.message;
  const close = (next: boolean) => {
    if (!next) request.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Request a deal</DialogTitle>
          <DialogDescription>
            We send your request for “{listing.title}” to the buyer, with your profile, quality score,
            compliance record and history here. If they accept, you see their contact details and they see
            your email.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (invalid) return;
            request.mutate(
              { listingId: listing.id, message },
              {
                onSuccess: () => {
                  toast({
                    title: "Deal Requested",
                    description: "We emailed the buyer. You will hear back by email.",
                  });
                  setMessage("");
                  close(false);
                },
                onError: (error) => toastError(error),
              },
            );
          }}
        >
          <TextareaField
            id="deal-message"
            label="Message to the buyer (optional)"
            error={invalid}
            length={message.length}
            limit={DEAL_INTENT_LIMITS.messageMax}
            rows={5}
            placeholder="Your traffic, volumes and how you work with buyers"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          <DialogFormActions
            mutation={request}
            onCancel={() => close(false)}
            submitLabel="Send Request"
            pendingLabel="Sending..."
            disabled={invalid !== undefined}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
