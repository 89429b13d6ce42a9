import type { UseMutationResult } from "@tanstack/react-query";
import { CheckCircle2, type LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useSearch } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { FormAlert } from "../../components/ui/form-alert";
import { errorMessage } from "../../lib/api";

/** The answer replaced the button that had focus: focus moves to it, and it is read out. */
function Outcome({ message, children }: { message: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="space-y-3 outline-none">
      <p className="flex items-start gap-2 font-medium text-green-800">
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        {message}
      </p>
      {children}
    </div>
  );
}

/**
 * The page an account mail's one-time link opens (`?token=`): opening it changes nothing, since mail
 * scanners open links too; the button posts the token. Then the server's sentence, as it is, and
 * `next` (where to go from here).
 */
export function AccountLinkCard({
  icon: Icon,
  title,
  description,
  actionLabel,
  pendingLabel,
  action,
  next,
  afterError,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  actionLabel: string;
  pendingLabel: string;
  action: UseMutationResult<{ message: string }, Error, string>;
  next: ReactNode;
  /** Where to turn once the link failed (expired, used): a way to ask for a new one. */
  afterError?: ReactNode;
}) {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <Icon className="h-8 w-8 text-brand-600" aria-hidden />
          <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {action.isSuccess ? (
            <Outcome message={action.data.message}>{next}</Outcome>
          ) : token ? (
            <>
              <FormAlert>
                {action.isError && (
                  <div className="space-y-2">
                    <p>{errorMessage(action.error)}</p>
                    {afterError}
                  </div>
                )}
              </FormAlert>
              <Button
                type="button"
                className="w-full"
                onClick={() => action.mutate(token)}
                disabled={action.isPending}
              >
                {action.isPending ? pendingLabel : actionLabel}
              </Button>
            </>
          ) : (
            <p role="alert" className="text-sm text-red-700">
              This link is incomplete. Open the link from your email again.
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
