import { Undo2 } from "lucide-react";
import { AccountLinkCard, useUndoEmailChange } from "../features/account";
import { LOGIN_PATH } from "../features/auth";

/** The link mailed to the old address after a change: puts it back and signs every session out. */
export default function UndoEmailPage() {
  const undo = useUndoEmailChange();
  return (
    <AccountLinkCard
      icon={Undo2}
      title="Undo the email change"
      description="Did not change your email? Put your old address back. Every session of the account is signed out, in case someone else made the change."
      actionLabel="Undo the change"
      pendingLabel="Undoing..."
      action={undo}
      next={
        <p className="text-sm text-slate-700">
          {/* A full navigation: sign-in is the server's redirect, not a page of this app. */}
          <a href={LOGIN_PATH} className="font-medium text-brand-700 underline">
            Sign in
          </a>{" "}
          with your old address, then look at where you are signed in on your Account page.
        </p>
      }
    />
  );
}
