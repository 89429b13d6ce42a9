import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";

/**
 * What the sign-in and signup pages show once a sign-in link is on its way: the server's message (the
 * same for known and unknown addresses), anything the page adds, and a way back to the form.
 */
export function MagicLinkSent({
  heading,
  message,
  onUseAnotherEmail,
  children,
}: {
  heading: string;
  message: string;
  onUseAnotherEmail: () => void;
  children?: ReactNode;
}) {
  return (
    <div role="status" className="flex gap-3 rounded-md bg-green-50 p-4 text-green-900">
      <MailCheck className="h-5 w-5 shrink-0" aria-hidden />
      <div className="space-y-1">
        <p className="font-medium">{heading}</p>
        <p className="text-sm">{message}</p>
        {children}
        <button type="button" className="text-sm underline" onClick={onUseAnotherEmail}>
          Use a different email
        </button>
      </div>
    </div>
  );
}
