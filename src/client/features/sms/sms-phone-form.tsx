import { type ReactNode, useEffect } from "react";
import { Controller } from "react-hook-form";
import { SMS_LIMITS } from "../../../shared/constants";
import { type SmsPhoneInput, type SmsStatus, smsPhoneInputSchema } from "../../../shared/schemas/sms";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { formatUsPhone } from "./sms-format";
import { useSendSmsCode } from "./use-sms";

/** The number and the consent, word for word as the server keeps it; "Send code" texts the code. */
export function PhoneForm({
  status,
  initialPhone,
  heading,
  intro,
  autoFocus,
  onSent,
  onCancel,
}: {
  status: SmsStatus;
  initialPhone: string | null;
  heading: string;
  intro?: ReactNode;
  autoFocus: boolean;
  onSent: () => void;
  onCancel?: () => void;
}) {
  const send = useSendSmsCode();
  const form = useZodForm(smsPhoneInputSchema, {
    defaultValues: {
      phone: initialPhone ? formatUsPhone(initialPhone) : "",
      consent: false,
      // The version of the text on screen: a page left open across a change is asked to reload.
      consentVersion: status.consent.version,
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (autoFocus) form.setFocus("phone");
  }, [autoFocus, form]);

  const submit = (values: SmsPhoneInput) =>
    send.mutate(values, {
      onSuccess: (next) => {
        toast({
          title: "Code Sent",
          description: `We texted a ${SMS_LIMITS.codeLength}-digit code to ${formatUsPhone(next.number?.phone ?? values.phone)}.`,
        });
        onSent();
      },
    });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      aria-labelledby="sms-phone-heading"
      className="space-y-4"
    >
      <h3 id="sms-phone-heading" className="text-base font-semibold">
        {heading}
      </h3>
      {intro}
      <div className="max-w-xs">
        <FormField id="sms-phone" label="Mobile number (US)" error={errors.phone?.message}>
          {(control) => (
            <Input
              {...control}
              aria-describedby={[control["aria-describedby"], "sms-phone-hint"].filter(Boolean).join(" ")}
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              placeholder="(201) 555-0123"
              {...form.register("phone")}
            />
          )}
        </FormField>
        <p id="sms-phone-hint" className="mt-1 text-xs text-slate-600">
          A US mobile number that can receive texts.
        </p>
      </div>
      <Controller
        control={form.control}
        name="consent"
        render={({ field }) => (
          <div className="space-y-1">
            <div className="flex items-start gap-2">
              <Checkbox
                id="sms-consent"
                ref={field.ref}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? "sms-consent-error" : undefined}
                className="mt-0.5"
              />
              <Label
                htmlFor="sms-consent"
                className="font-normal leading-relaxed"
                data-testid="sms-consent-text"
              >
                {status.consent.text}
              </Label>
            </div>
            {errors.consent && (
              <p id="sms-consent-error" role="alert" className="text-sm text-red-700">
                {errors.consent.message}
              </p>
            )}
          </div>
        )}
      />
      <FormAlert>{send.isError && errorMessage(send.error)}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send code"}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
