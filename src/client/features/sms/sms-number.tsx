import { CheckCircle2, MessageSquareOff, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Controller } from "react-hook-form";
import { SMS_LIMITS } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import {
  SMS_MESSAGES,
  type SmsPhoneInput,
  type SmsStatus,
  type SmsVerifyInput,
  smsPhoneInputSchema,
  smsStoppedMessage,
  smsVerifyInputSchema,
} from "../../../shared/schemas/sms";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast, toastError } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { describeQuietHours, formatTime, formatUsPhone, secondsUntil } from "./sms-format";
import { useResendSmsCode, useSendSmsCode, useSmsOptOut, useVerifySmsCode } from "./use-sms";

// The number half of the SMS section, once the add-on runs: enter a number and agree to texts, confirm
// it with the texted code, then see where texts go and turn them off. A number the user turned off, or one
// we stopped texting after failed deliveries, is entered and agreed to again; one that replied STOP is
// told to text START to our number, since nothing, not even a code, is texted to it before that.

type SmsNumber = NonNullable<SmsStatus["number"]>;

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

/**
 * A state's heading. After the user's own step (verified, turned off) it takes the focus, so keyboard and
 * screen reader users land on the new state instead of the page's top, where the removed button left them.
 */
function StateHeading({
  icon,
  autoFocus,
  children,
}: {
  icon?: ReactNode;
  autoFocus: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <h3 ref={ref} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold outline-none">
      {icon}
      {children}
    </h3>
  );
}

/** The number and the consent, word for word as the server keeps it; "Send code" texts the code. */
function PhoneForm({
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

/** The code texted to the number: enter it, or ask for another once the wait is over. */
function CodeForm({
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

/** Texts go to this number: where, when (quiet hours), and the way to stop them. */
function Verified({
  number,
  timeZone,
  autoFocus,
  onChangeNumber,
  onTurnedOff,
}: {
  number: SmsNumber;
  timeZone: string;
  autoFocus: boolean;
  onChangeNumber: () => void;
  onTurnedOff: () => void;
}) {
  const optOut = useSmsOptOut();
  const [confirming, setConfirming] = useState(false);
  const phone = formatUsPhone(number.phone);

  const turnOff = () =>
    optOut.mutate(
      {},
      {
        onSuccess: () => {
          setConfirming(false);
          onTurnedOff();
          toast({ title: "SMS Alerts Off", description: `No more texts go to ${phone}.` });
        },
        onError: (error) => toastError(error),
      },
    );

  return (
    <div className="space-y-4">
      <StateHeading
        autoFocus={autoFocus}
        icon={<CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden />}
      >
        SMS alerts are on
      </StateHeading>
      <p className="text-sm" data-testid="sms-destination">
        Texts go to <span className="font-medium">{phone}</span>
        {number.verifiedAt && `, verified on ${formatDate(number.verifiedAt)}`}.
      </p>
      <p className="text-sm text-slate-700">{describeQuietHours(timeZone)}</p>
      <p className="text-sm text-slate-700">Reply STOP to any text to stop them, HELP for help.</p>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
          Turn off SMS alerts
        </Button>
        <Button type="button" variant="secondary" onClick={onChangeNumber}>
          Use a different number
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={(open) => !optOut.isPending && setConfirming(open)}>
        {/* Once texts are off the button that opened it is gone: the new state's heading takes the focus. */}
        <DialogContent
          role="alertdialog"
          onCloseAutoFocus={(event) => optOut.isSuccess && event.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>Turn off SMS alerts?</DialogTitle>
            <DialogDescription>
              No more texts go to {phone}. To get them again, you enter your number and agree to texts again.
              Your SMS Alerts subscription is not cancelled: manage it in billing.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={optOut.isPending}>
              Keep them on
            </Button>
            <Button variant="destructive" onClick={turnOff} disabled={optOut.isPending}>
              {optOut.isPending ? "Turning off..." : "Turn off"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Why texts stopped at the user's word, in their terms. */
function describeOptOut(number: SmsNumber): string {
  const when = number.optedOutAt ? formatDate(number.optedOutAt) : "";
  const phone = formatUsPhone(number.phone);
  if (number.optOutSource === "sms") return `You replied STOP on ${when}, so no texts go to ${phone}.`;
  if (number.optOutSource === "web")
    return `You turned SMS alerts off on ${when}, so no texts go to ${phone}.`;
  return `SMS alerts to ${phone} were turned off on ${when}.`;
}

/**
 * The number's part of the section: which step of entering, confirming and receiving the user is at,
 * from the server's status. "Use a different number" and "Turn back on" open the number form again.
 */
export function SmsNumberPanel({ status }: { status: SmsStatus }) {
  const number = status.number;
  const [isEditing, setIsEditing] = useState(false);
  // Focus follows the user's own steps only, never the first load of the page.
  const [hasActed, setHasActed] = useState(false);
  const act = () => setHasActed(true);
  const edit = () => {
    act();
    setIsEditing(true);
  };
  const sent = () => {
    act();
    setIsEditing(false);
  };

  if (!number || isEditing) {
    return (
      <PhoneForm
        status={status}
        initialPhone={number?.phone ?? null}
        heading={number ? "Enter your mobile number" : "Add your mobile number"}
        intro={
          <p className="text-sm text-slate-700">
            We text a {SMS_LIMITS.codeLength}-digit code to confirm the number is yours.
          </p>
        }
        autoFocus={hasActed}
        onSent={sent}
        onCancel={number ? () => setIsEditing(false) : undefined}
      />
    );
  }
  if (number.suspendedAt) {
    return (
      <PhoneForm
        status={status}
        initialPhone={number.phone}
        heading="Texts stopped: enter your number again"
        intro={
          <p className="flex gap-2 rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900">
            <TriangleAlert className="h-5 w-5 shrink-0" aria-hidden />
            Texts to {formatUsPhone(number.phone)} stopped on {formatDate(number.suspendedAt)} after repeated
            delivery failures. Check the number and enter it again: we text a new code to confirm it.
          </p>
        }
        autoFocus={hasActed}
        onSent={sent}
      />
    );
  }
  if (number.optedOutAt) {
    // The number's own STOP: no code reaches it until it texts START, so only another number can be entered.
    const stoppedByText = number.optOutSource === "sms";
    return (
      <div className="space-y-4">
        <StateHeading
          autoFocus={hasActed}
          icon={<MessageSquareOff className="h-5 w-5 text-slate-600" aria-hidden />}
        >
          SMS alerts are off
        </StateHeading>
        <p className="text-sm" data-testid="sms-opt-out">
          {describeOptOut(number)}
        </p>
        {stoppedByText ? (
          <p className="text-sm text-slate-700" data-testid="sms-text-start">
            {smsStoppedMessage(status.replyNumber)}
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            To get them again, enter your number and agree to texts again.
          </p>
        )}
        <Button type="button" variant={stoppedByText ? "secondary" : undefined} onClick={edit}>
          {stoppedByText ? "Use a different number" : "Turn SMS alerts back on"}
        </Button>
      </div>
    );
  }
  if (!number.verifiedAt) {
    return <CodeForm number={number} autoFocus={hasActed} onVerified={act} onChangeNumber={edit} />;
  }
  return (
    <Verified
      number={number}
      timeZone={status.timeZone}
      autoFocus={hasActed}
      onChangeNumber={edit}
      onTurnedOff={act}
    />
  );
}
