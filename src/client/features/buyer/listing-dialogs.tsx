import type { Listing } from "../../../shared/schemas/listings";
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
import { toast, toastError } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { ListingForm, type ListingFormOutput } from "./listing-form";
import { useCreateListing, useDeleteListing, useUpdateListing } from "./use-buyer";

// The listing dialogs of the buyer dashboard ("Create New Listing", the edit and delete icons) with
// their fixed texts: success toasts, and "Error" toasts with the server's message or the fallbacks.

export const LISTING_FAILURES = {
  create: "Failed to create buyer listing.",
  update: "Failed to update buyer listing.",
  delete: "Failed to delete buyer listing.",
} as const;

export function CreateListingDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const create = useCreateListing();
  const close = (next: boolean) => {
    if (!next) create.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create New Listing</DialogTitle>
          <DialogDescription>Publishers see it in the directory as soon as it is active.</DialogDescription>
        </DialogHeader>
        {open && (
          <ListingForm
            listing={null}
            submitLabel="Create Listing"
            pendingLabel="Creating..."
            isPending={create.isPending}
            error={create.error}
            onCancel={() => close(false)}
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: () => {
                  toast({ title: "Listing Created", description: "Buyer listing created successfully." });
                  close(false);
                },
                onError: (error) => toastError(error, LISTING_FAILURES.create),
              })
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

export function EditListingDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const update = useUpdateListing();
  const close = () => {
    update.reset();
    onClose();
  };
  const save = (changes: ListingFormOutput) => {
    if (!listing) return;
    update.mutate(
      { id: listing.id, changes },
      {
        onSuccess: () => {
          toast({ title: "Success", description: "Buyer listing updated successfully." });
          close();
        },
        onError: (error) => toastError(error, LISTING_FAILURES.update),
      },
    );
  };
  return (
    <Dialog open={listing !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Listing</DialogTitle>
          <DialogDescription>{listing?.title}</DialogDescription>
        </DialogHeader>
        {listing && (
          <ListingForm
            key={listing.id}
            listing={listing}
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            isPending={update.isPending}
            error={update.error}
            onCancel={close}
            onSubmit={save}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Delete asks first: the listing, its figures and its payout history go for good. */
export function DeleteListingDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const remove = useDeleteListing();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={listing !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete this listing?</DialogTitle>
          <DialogDescription>
            “{listing?.title}” leaves the directory and its analytics are removed. Deal intents about it stay
            in your Deal Intents tab. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <FormAlert>{remove.isError && errorMessage(remove.error, LISTING_FAILURES.delete)}</FormAlert>
        <DialogFooter>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              listing &&
              remove.mutate(listing.id, {
                onSuccess: () => {
                  toast({ title: "Success", description: "Buyer listing deleted successfully." });
                  close();
                },
                onError: (error) => toastError(error, LISTING_FAILURES.delete),
              })
            }
          >
            {remove.isPending ? "Deleting..." : "Delete Listing"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
