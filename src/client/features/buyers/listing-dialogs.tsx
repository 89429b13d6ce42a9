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
import { dialogSave, FormDialog } from "./form-dialog";
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
  const { close, save } = dialogSave(create, () => onOpenChange(false), {
    success: { title: "Listing Created", description: "Buyer listing created successfully." },
    failure: LISTING_FAILURES.create,
  });
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Create New Listing"
      description="Publishers see it in the directory as soon as it is active."
    >
      <ListingForm
        listing={null}
        submitLabel="Create Listing"
        pendingLabel="Creating..."
        mutation={create}
        onCancel={close}
        onSubmit={save}
      />
    </FormDialog>
  );
}

export function EditListingDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const update = useUpdateListing();
  const { close, save } = dialogSave(update, onClose, {
    success: { title: "Success", description: "Buyer listing updated successfully." },
    failure: LISTING_FAILURES.update,
  });
  return (
    <FormDialog open={listing !== null} onClose={close} title="Edit Listing" description={listing?.title}>
      {listing && (
        <ListingForm
          key={listing.id}
          listing={listing}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          mutation={update}
          onCancel={close}
          onSubmit={(changes: ListingFormOutput) => save({ id: listing.id, changes })}
        />
      )}
    </FormDialog>
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
            “{listing?.title}” leaves the directory and its analytics are removed. Deal requests about it stay
            in your Deal Requests tab. This cannot be undone.
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
