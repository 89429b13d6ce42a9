import { useEffect, useState } from "react";
import { formatDateTime } from "../../../shared/format";
import {
  BUYER_VERIFICATION_MESSAGES,
  type BuyerVerificationState,
  type ConfirmWorkEmailInput,
  confirmWorkEmailSchema,
  type SendWorkEmailCodeInput,
  sendWorkEmailCodeSchema,
} from "../../../shared/schemas/buyer-verification";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { StageHeading } from "./stage-heading";
import { useConfirmWorkEmail, useSendWorkEmailCode } from "./use-buyer-verification";
import { formatTriesLeft, isCodePending } from "./verification-stage";

/** Now, again each time a mailed code expires, so the code form gives way to "send a code" on time. */
function useNowUntil(deadline: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const end = deadline ? Date.parse(deadline) : Number.NaN;
    if (!Number.isFinite(end) || end <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), end - Date.now() + 100);
    return () => clearTimeout(timer);
  }, [deadline]);
  return now;
}

function EmailForm({
  domain,
  initialEmail,
  send,
  onSent,
}: {
  domain: string;
  initialEmail: string;
  send: ReturnType<typeof useSendWorkEmailCode>;
  onSent: () => void;
}) {
  const form = useZodForm(sendWorkEmailCodeSchema, {
    defaultValues: { email: initialEmail },
  });
  const submit = (values: SendWorkEmailCodeInput) => send.mutate(values, { onSuccess: onSent });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3">
      <div className="max-w-md">
        <FormField id="verify-work-email" label="Work email" error={form.formState.errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              aria-describedby={[control["aria-describedby"], "verify-work-email-hint"]
                .filter(Boolean)
                .join(" ")}
              type="email"
              autoComplete="email"
              placeholder={`you@${domain}`}
              {...form.register("email")}
            />
          )}
        </FormField>
        <p id="verify-work-email-hint" className="mt-1 text-xs text-slate-600">
          An address at {domain} that you read: we mail it a 6-digit code. Free mail addresses are refused.
        </p>
      </div>
      <FormAlert>{send.isError && errorMessage(send.error)}</FormAlert>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send code"}
      </Button>
    </form>
  );
}

function CodeForm({
  email,
  expiresAt,
  attemptsLeft,
  confirm,
}: {
  email: string;
  expiresAt: string;
  attemptsLeft: number;
  confirm: ReturnType<typeof useConfirmWorkEmail>;
}) {
  const form = useZodForm(confirmWorkEmailSchema, {
    defaultValues: { code: "" },
  });
  useEffect(() => form.setFocus("code"), [form]);
  const submit = (values: ConfirmWorkEmailInput) =>
    confirm.mutate(values, {
      onSuccess: () => toast({ title: BUYER_VERIFICATION_MESSAGES.emailVerified }),
    });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3">
      <p className="text-sm text-slate-700">
        We mailed a 6-digit code to <span className="font-medium break-all">{email}</span>. It works until{" "}
        {formatDateTime(expiresAt)}.
      </p>
      <div className="max-w-xs">
        <FormField id="verify-email-code" label="6-digit code" error={form.formState.errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              aria-describedby={[control["aria-describedby"], "verify-email-code-tries"]
                .filter(Boolean)
                .join(" ")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...form.register("code")}
            />
          )}
        </FormField>
        <p id="verify-email-code-tries" className="mt-1 text-xs text-slate-600" data-testid="code-tries-left">
          {formatTriesLeft(attemptsLeft)}
        </p>
      </div>
      <FormAlert>{confirm.isError && errorMessage(confirm.error)}</FormAlert>
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? "Checking..." : "Confirm code"}
      </Button>
    </form>
  );
}

/**
 * Step 2: a work address at the proven domain answers a mailed code. The two requests live here, above
 * both forms, so a refusal is still on screen when the state that follows it swaps the form (the last
 * wrong try voids the code: the address form comes back with the reason).
 */
export function EmailStep({ state, autoFocus }: { state: BuyerVerificationState; autoFocus: boolean }) {
  const send = useSendWorkEmailCode();
  const confirm = useConfirmWorkEmail();
  const [changingEmail, setChangingEmail] = useState(false);
  const current = state.current;
  const now = useNowUntil(current?.codeExpiresAt ?? null);
  const domain = current?.domain ?? state.domain ?? "";
  const pending = !changingEmail && isCodePending(state, now);
  const onSent = () => {
    setChangingEmail(false);
    confirm.reset();
    toast({ title: BUYER_VERIFICATION_MESSAGES.codeSent });
  };
  return (
    <div className="space-y-4">
      <StageHeading autoFocus={autoFocus}>Step 2: confirm a work email at {domain}</StageHeading>
      {pending && current?.workEmail && current.codeExpiresAt ? (
        <>
          <CodeForm
            email={current.workEmail}
            expiresAt={current.codeExpiresAt}
            attemptsLeft={current.codeAttemptsLeft}
            confirm={confirm}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={send.isPending}
              onClick={() => send.mutate({ email: current.workEmail ?? "" }, { onSuccess: onSent })}
            >
              {send.isPending ? "Sending..." : "Send a new code"}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setChangingEmail(true)}>
              Use another address
            </Button>
          </div>
          <FormAlert>{send.isError && errorMessage(send.error)}</FormAlert>
        </>
      ) : (
        <>
          {/* A refused code whose refusal also voided it (too many tries, expired) is said here. */}
          <FormAlert>{confirm.isError && errorMessage(confirm.error)}</FormAlert>
          <EmailForm domain={domain} initialEmail={current?.workEmail ?? ""} send={send} onSent={onSent} />
        </>
      )}
    </div>
  );
}
