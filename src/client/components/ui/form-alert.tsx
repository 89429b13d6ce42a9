import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * Why a form or an action failed (the server's refusal), above its buttons and read out at once; renders
 * nothing when there is nothing to say, so `{mutation.isError && errorMessage(mutation.error)}` fits.
 */
export function FormAlert({ children, className }: { children?: ReactNode; className?: string }) {
  if (children === undefined || children === null || children === false || children === "") return null;
  return (
    <div
      role="alert"
      className={cn(
        "break-words rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900",
        className,
      )}
    >
      {children}
    </div>
  );
}
