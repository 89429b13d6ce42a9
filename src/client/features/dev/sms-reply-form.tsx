import { useId } from "react";
import {
  type DevSmsInboundResult,
  devSmsInboundSchema,
  SMS_REPLY_KEYWORDS,
} from "../../../shared/schemas/dev";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { useSendSmsReply } from "./use-dev-tools";

/** What the inbound route made of the reply, in words. */
function describeResult(result: DevSmsInboundResult): string {
  if (result.status === 403) return "The inbound route refused it: its Twilio signature did not check (403).";
  if (result.status !== 200) return `The inbound route answered ${result.status}.`;
  if (result.reply) return `Our number answers: “${result.reply}”`;
  return "Taken (200), and our number answers nothing: no account uses this number, nothing changed (a second STOP), or the text is not a keyword.";
}

/**
 * A text "from" a phone to our number: posted to the real inbound route, signed as Twilio signs, so
 * STOP, START and HELP do what they do for real. `numbers` are the ones the outbox has texted.
 */
export function SmsReplyForm({ numbers }: { numbers: readonly string[] }) {
  const send = useSendSmsReply();
  const form = useZodForm(devSmsInboundSchema, { defaultValues: { from: "", body: "STOP" } });
  const numbersId = useId();
  const keywordsId = useId();
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) => send.mutate(input));
  return (
    <form
      noValidate
      aria-labelledby="sms-reply-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="sms-reply-heading" className="text-xl font-semibold">
        Reply to our number
      </h2>
      <p className="text-sm text-slate-600">
        Posted to <code>/api/sms/inbound</code> with the form fields and <code>X-Twilio-Signature</code>{" "}
        Twilio would send. STOP opts the number out, START back in, HELP answers who we are.
      </p>
      <FormField id="sms-reply-from" label="From (the phone that replies)" error={errors.from?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("from")}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+15555550123"
            list={numbersId}
          />
        )}
      </FormField>
      <datalist id={numbersId}>
        {numbers.map((number) => (
          <option key={number} value={number} />
        ))}
      </datalist>
      <FormField id="sms-reply-body" label="Text" error={errors.body?.message}>
        {(control) => <Input {...control} {...form.register("body")} autoComplete="off" list={keywordsId} />}
      </FormField>
      <datalist id={keywordsId}>
        {SMS_REPLY_KEYWORDS.map((keyword) => (
          <option key={keyword} value={keyword} />
        ))}
      </datalist>
      <FormAlert>{send.isError && errorMessage(send.error)}</FormAlert>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? "Sending…" : "Send reply"}
      </Button>
      <div role="status" className="text-sm text-slate-800" data-testid="sms-reply-result">
        {send.data && describeResult(send.data)}
      </div>
    </form>
  );
}
