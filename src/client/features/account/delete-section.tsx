import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { ACCOUNT_MESSAGES, FORMER_MEMBER_NAME } from "../../../shared/schemas/account";
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
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { errorMessage } from "../../lib/api";
import { isConfirmEmail } from "./account-format";
import { AccountSection, sectionTitle } from "./account-section";
import { useDeleteAccount } from "./use-account";

/** Asks for the account's address before deleting it; the server's refusal is shown in place. */
function DeleteDialog({
  email,
  open,
  onOpenChange,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const matches = isConfirmEmail(typed, email);

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setTyped("");
      remove.reset();
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This cannot be undone. You are signed out everywhere, and your listings leave the directory at
            once.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches && !remove.isPending) remove.mutate(typed.trim());
          }}
        >
          <div className="space-y-2">
            <Label htmlFor={inputId}>
              Type <span className="break-all font-semibold">{email}</span> to confirm
            </Label>
            <Input
              id={inputId}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <FormAlert>{remove.isError && errorMessage(remove.error)}</FormAlert>
          <DialogFooter>
            <Button
              type="button"
              variant="secondary"
              onClick={() => close(false)}
              disabled={remove.isPending}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              className="disabled:opacity-50"
              disabled={!matches || remove.isPending}
            >
              {remove.isPending ? "Deleting..." : "Delete account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The danger zone: what deletion removes, what the law makes us keep, and the confirmation. */
export function DeleteSection({ email, isLastAdmin }: { email: string; isLastAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <AccountSection
      id="delete-account"
      title={sectionTitle("delete-account")}
      tone="danger"
      description="Deleting your account is permanent."
    >
      <div className="space-y-4 text-sm text-slate-700">
        <div className="space-y-1">
          <h3 className="font-semibold text-slate-900">Deleted at once</h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>Your listings: they leave the directory</li>
            <li>Saved listings, saved searches and alert preferences</li>
            <li>Any Premium or SMS Alerts subscription: cancelled</li>
            <li>Every session: you are signed out everywhere</li>
          </ul>
        </div>
        <div className="space-y-1">
          <h3 className="font-semibold text-slate-900">Kept</h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>Reviews and disputes stay for the other party, shown as written by “{FORMER_MEMBER_NAME}”</li>
            <li>
              TCPA compliance acknowledgments, SMS consent records and the audit log, for 5 years, as the law
              requires
            </li>
          </ul>
        </div>
        <p>
          Want a copy first? Download your data above. More in our{" "}
          <Link href="/privacy-policy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
        {isLastAdmin && (
          <p id={noteId} className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-yellow-900">
            {ACCOUNT_MESSAGES.lastAdmin}
          </p>
        )}
        <Button
          type="button"
          variant="destructive"
          className="disabled:opacity-50"
          disabled={isLastAdmin}
          aria-describedby={isLastAdmin ? noteId : undefined}
          onClick={() => setOpen(true)}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete my account
        </Button>
      </div>
      <DeleteDialog email={email} open={open} onOpenChange={setOpen} />
    </AccountSection>
  );
}
