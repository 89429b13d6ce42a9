import { MailCheck } from "lucide-react";
import { Link } from "wouter";
import { AccountLinkCard, useConfirmEmailChange } from "../features/account";

/** The link mailed to the new address: the change happens when the button is pressed. */
export default function ConfirmEmailPage() {
  const confirm = useConfirmEmailChange();
  return (
    <AccountLinkCard
      icon={MailCheck}
      title="Confirm your new email"
      description="Press the button to make this address your account's email."
      actionLabel="Confirm new email"
      pendingLabel="Confirming..."
      action={confirm}
      afterError={
        <p>
          Ask for a new link on{" "}
          <Link href="/account" className="font-medium underline">
            your Account page
          </Link>
          .
        </p>
      }
      next={
        <Link href="/account" className="inline-block font-medium text-brand-700 underline">
          Go to your account
        </Link>
      }
    />
  );
}
