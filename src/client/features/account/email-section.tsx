import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import {
  EMAIL_CHANGE_TTL_MINUTES,
  EMAIL_UNDO_TTL_DAYS,
  emailChangeRequestSchema,
} from "../../../shared/schemas/account";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { AccountSection, sectionTitle } from "./account-section";
import { useRequestEmailChange } from "./use-account";

/** The change waits for the new address's link: what the server said, and where it went. */
function PendingChange({
  address,
  message,
  onUseAnother,
}: {
  address: string;
  message: string;
  onUseAnother: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The form that had focus is gone: keyboard and screen-reader users land on the answer.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="space-y-3 rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-900 outline-none"
    >
      <p className="flex items-center gap-2 font-semibold">
        <MailCheck className="h-5 w-5 shrink-0" aria-hidden />
        <span className="break-all">Check {address}</span>
      </p>
      <p>{message}</p>
      <p>The link works for {EMAIL_CHANGE_TTL_MINUTES} minutes, once.</p>
      <Button type="button" variant="secondary" size="sm" onClick={onUseAnother}>
        Use another address
      </Button>
    </div>
  );
}

/** The current address and the form that asks for a new one (changed only once the new one confirms). */
export function EmailSection({ email }: { email: string }) {
  const request = useRequestEmailChange();
  const form = useZodForm(emailChangeRequestSchema, {
    defaultValues: { email: "" },
  });

  return (
    <AccountSection
      id="email"
      title={sectionTitle("email")}
      description="Where sign-in links, alerts and messages about your deals go."
    >
      <div className="space-y-4">
        <p className="text-sm">
          <span className="text-slate-600">Current address: </span>
          <span className="break-all font-medium" data-testid="current-email">
            {email}
          </span>
        </p>
        {request.isSuccess ? (
          <PendingChange
            // The address the link went to is the one this request sent (the schema has trimmed it).
            address={request.variables.email}
            message={request.data.message}
            onUseAnother={() => {
              request.reset();
              form.reset({ email: "" });
            }}
          />
        ) : (
          <form
            noValidate
            className="max-w-md space-y-4"
            onSubmit={form.handleSubmit((values) => request.mutate(values))}
          >
            <FormField id="new-email" label="New email address" error={form.formState.errors.email?.message}>
              {(control) => (
                <Input {...control} type="email" autoComplete="email" {...form.register("email")} />
              )}
            </FormField>
            <p className="text-sm text-slate-600">
              We email the new address a link to confirm it. Your current address is told about the change,
              with a link that undoes it for {EMAIL_UNDO_TTL_DAYS} days.
            </p>
            <FormAlert>{request.isError && errorMessage(request.error)}</FormAlert>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? "Sending link..." : "Change email"}
            </Button>
          </form>
        )}
      </div>
    </AccountSection>
  );
}
