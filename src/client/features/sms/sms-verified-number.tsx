import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { formatDate } from "../../../shared/format";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { toast, toastError } from "../../components/ui/use-toast";
import { describeQuietHours, formatUsPhone, type SmsNumber } from "./sms-format";
import { StateHeading } from "./sms-state-heading";
import { useSmsOptOut } from "./use-sms";

/** Texts go to this number: where, when (quiet hours), and the way to stop them. */
export function Verified({
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
