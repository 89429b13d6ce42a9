import { useEffect, useState } from "react";
import { SMS_LIMITS } from "../../../shared/constants";
import { SMS_MESSAGES, type SmsVerifyInput, smsVerifyInputSchema } from "../../../shared/schemas/sms";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { formatTime, formatUsPhone, type SmsNumber, secondsUntil } from "./sms-format";
import { useResendSmsCode, useVerifySmsCode } from "./use-sms";

/** The current time, once a second until every deadline has passed (the next code, a code's expiry). */
function useNow(deadlines: (string | null)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const key = deadlines.filter(Boolean).join("|");
  useEffect(() => {
    const ends = key ? key.split("|").map((value) => Date.parse(value)) : [];
    setNow(Date.now());
    if (ends.every((end) => end <= Date.now())) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (ends.every((end) => end <= current)) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [key]);
  return now;
}

/** The code texted to the number: enter it, or ask for another once the wait is over. */
export function CodeForm({
  number,
  autoFocus,
  onVerified,
  onChangeNumber,
}: {
  number: SmsNumber;
  autoFocus: boolean;
  onVerified: () => void;
  onChangeNumber: () => void;
}) {
  const verify = useVerifySmsCode();
  const resend = useResendSmsCode();
  const form = useZodForm(smsVerifyInputSchema, {
    defaultValues: { code: "" },
  });
  const { errors } = form.formState;
  const now = useNow([number.resendAvailableAt, number.codeExpiresAt]);
  const resendIn = secondsUntil(number.resendAvailableAt, now);
  const isExpired = number.codeExpiresAt !== null && secondsUntil(number.codeExpiresAt, now) === 0;
  const phone = formatUsPhone(number.phone);

  useEffect(() => {
    if (autoFocus) form.setFocus("code");
  }, [autoFocus, form]);

  const submit = (values: SmsVerifyInput) =>
    verify.mutate(values, {
      onSuccess: () => {
        toast({ title: "Number Verified", description: `SMS alerts go to ${phone}.` });
        onVerified();
      },
    });

  const askAgain = () =>
    resend.mutate(
      {},
      {
        onSuccess: () => {
          form.reset({ code: "" });
          verify.reset();
          toast({ title: "Code Sent", description: `We texted a new code to ${phone}.` });
        },
      },
    );

  const failure = (verify.isError && verify.error) || (resend.isError && resend.error);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      aria-labelledby="sms-code-heading"
      className="space-y-4"
    >
      <h3 id="sms-code-heading" className="text-base font-semibold">
        Enter the code we texted you
      </h3>
      <p className="text-sm text-slate-700" id="sms-code-sent-to">
        We texted a {SMS_LIMITS.codeLength}-digit code to <span className="font-medium">{phone}</span>.{" "}
        {isExpired
          ? SMS_MESSAGES.codeExpired
          : number.codeExpiresAt && `It works until ${formatTime(number.codeExpiresAt)}.`}
      </p>
      <div className="max-w-[12rem]">
        <FormField id="sms-code" label={`${SMS_LIMITS.codeLength}-digit code`} error={errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              aria-describedby={[control["aria-describedby"], "sms-code-sent-to"].filter(Boolean).join(" ")}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={SMS_LIMITS.codeLength}
              className="font-mono tracking-widest"
              {...form.register("code")}
            />
          )}
        </FormField>
      </div>
      <FormAlert>{failure && errorMessage(failure)}</FormAlert>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? "Verifying..." : "Verify"}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={askAgain}
          disabled={resendIn > 0 || resend.isPending}
          aria-describedby={resendIn > 0 ? "sms-resend-wait" : undefined}
        >
          {resend.isPending ? "Sending..." : "Resend code"}
        </Button>
        <Button type="button" variant="ghost" onClick={onChangeNumber}>
          Use a different number
        </Button>
      </div>
      {resendIn > 0 && (
        <p id="sms-resend-wait" className="text-xs text-slate-600">
          You can ask for another code in {resendIn} s.
        </p>
      )}
    </form>
  );
}
