import { Handshake } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { DEAL_INTENT_LIMITS } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import { createDealIntentSchema } from "../../../shared/schemas/deal-intents";
import type { ListingDetail } from "../../../shared/schemas/listings";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
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
import { toast, toastError } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { goToLogin, useAuth } from "../auth";
import { DealIntentStatusBadge } from "./deal-intent-parts";
import { useRequestDeal } from "./use-deal-intents";

// "Request Deal" on a listing's detail page (DESIGN.md §2): approved publishers ask the buyer for a deal
// with an optional message. The server decides who may (the detail answer says canRequestDeal); this
// card mirrors it and shows where the viewer's last request stands.

function RequestDealDialog({
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
            We send your request for “{listing.title}” to the buyer. If they accept, you see their contact
            details and they see your profile and compliance record.
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
          <FormAlert>{request.isError && errorMessage(request.error)}</FormAlert>
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending || invalid !== undefined}>
              {request.isPending ? "Sending..." : "Send Request"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function RequestDeal({ listing }: { listing: ListingDetail }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  // A buyer's own listing, or an admin: nothing to request.
  if (listing.isOwn || user?.role === "admin") return null;
  const last = listing.dealIntent;
  const isOpen = last?.status === "pending" || last?.status === "accepted";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Work with this buyer</CardTitle>
        <CardDescription>Ask for a deal: the buyer decides, and we email you the answer.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {last && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Your request of {formatDate(last.createdAt)}: <DealIntentStatusBadge status={last.status} />
          </p>
        )}
        {last?.status === "accepted" && (
          <p className="text-sm text-green-900">
            The buyer accepted: their contact details are shown on this page.
          </p>
        )}
        {!user ? (
          <Button className="w-full" onClick={goToLogin}>
            <Handshake className="h-4 w-4" aria-hidden />
            Request Deal
          </Button>
        ) : listing.canRequestDeal ? (
          !isOpen && (
            <Button className="w-full" onClick={() => setOpen(true)}>
              <Handshake className="h-4 w-4" aria-hidden />
              Request Deal
            </Button>
          )
        ) : (
          <p className="text-sm text-slate-700">
            Deal requests are open to approved publishers.{" "}
            {user.role !== "buyer" && (
              <Link className="text-brand-700 underline underline-offset-2" href="/publisher/onboarding">
                Complete your publisher profile
              </Link>
            )}
          </p>
        )}
      </CardContent>
      {listing.canRequestDeal && <RequestDealDialog listing={listing} open={open} onOpenChange={setOpen} />}
    </Card>
  );
}
