import { ShieldAlert } from "lucide-react";
import { AccountLinkCard, useSecureAccount } from "../features/account";
import { LOGIN_PATH } from "../features/auth";

/** The "not you?" link of the new sign-in mail: signs every session of the account out. */
export default function SecureAccountPage() {
  const secure = useSecureAccount();
  return (
    <AccountLinkCard
      icon={ShieldAlert}
      title="Secure your account"
      description="Someone signed in to your account and it was not you? Sign out every session, theirs included. If you sign in with email links, secure your mailbox too: whoever reads it can sign in."
      actionLabel="Sign out everywhere"
      pendingLabel="Signing out..."
      action={secure}
      next={
        <p className="text-sm text-slate-700">
          <a href={LOGIN_PATH} className="font-medium text-brand-700 underline">
            Sign in
          </a>{" "}
          again when you are ready.
        </p>
      }
    />
  );
}
