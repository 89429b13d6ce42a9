import { MessageSquareOff, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { SMS_LIMITS } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import { type SmsStatus, smsStoppedMessage } from "../../../shared/schemas/sms";
import { Button } from "../../components/ui/button";
import { CodeForm } from "./sms-code-form";
import { formatUsPhone, type SmsNumber } from "./sms-format";
import { PhoneForm } from "./sms-phone-form";
import { StateHeading } from "./sms-state-heading";
import { Verified } from "./sms-verified-number";

// The number half of the SMS section, once the add-on runs: enter a number and agree to texts, confirm
// it with the texted code, then see where texts go and turn them off. A number the user turned off, or one
// we stopped texting after failed deliveries, is entered and agreed to again; one that replied STOP is
// told to text START to our number, since nothing, not even a code, is texted to it before that.

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
