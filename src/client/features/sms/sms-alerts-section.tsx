import { Crown, MessageSquare, PauseCircle } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { formatDate } from "../../../shared/format";
import { SMS_MESSAGES, type SmsStatus } from "../../../shared/schemas/sms";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { ManageBillingButton, useRefreshSubscription } from "../subscriptions";
import { formatSmsPrice, SmsActivationWait, SmsCheckout } from "./sms-checkout";
import { SmsNumberPanel } from "./sms-number";
import { SMS_SECTION_ID } from "./sms-section-id";
import { useSmsStatus } from "./use-sms";

// The Alerts tab's SMS section (docs/publishers.md, "SMS alerts"): a text the moment a new listing
// matches. It shows GET /api/sms as it is, one state at a time: not set up here; no Premium (texts are
// instant alerts, a Premium benefit); no add-on (buy it); then the number's steps (sms-number.tsx).

/** How long the section waits for Stripe's webhook before it says the confirmation is late. */
const ACTIVATION_WAIT_MS = 60_000;

const PAST_DUE = ["past_due", "unpaid"];

function Notice({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      {icon}
      <div className="space-y-3">{children}</div>
    </div>
  );
}

/** SMS alerts are instant alerts: without Premium there are none, even with the add-on still paid. */
function NeedsPremium({ status }: { status: SmsStatus }) {
  if (status.addon.active) {
    return (
      <Notice icon={<PauseCircle className="h-5 w-5 shrink-0 text-slate-600" aria-hidden />}>
        <p className="font-semibold">Texts are paused because your Premium ended.</p>
        <p>
          SMS alerts are instant alerts, a Premium benefit. Your SMS Alerts add-on is still paid: renew
          Premium to get texts again, or cancel the add-on in billing.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/pricing">Renew Premium</Link>
          </Button>
          <ManageBillingButton />
        </div>
      </Notice>
    );
  }
  return (
    <Notice icon={<Crown className="h-5 w-5 shrink-0 text-purple-700" aria-hidden />}>
      <p>{SMS_MESSAGES.needsPremium}</p>
      <p>
        With Premium, SMS Alerts costs {formatSmsPrice(status.priceCents)} and texts you the moment a new
        buyer listing matches your alerts.
      </p>
      <Button asChild>
        <Link href="/pricing">See Premium</Link>
      </Button>
    </Notice>
  );
}

/** No add-on running: its price and Subscribe, which opens Stripe's Payment Element. */
function Subscribe({ status, onPaid }: { status: SmsStatus; onPaid: () => void }) {
  const [isCheckingOut, setIsCheckingOut] = useState(false);
  const { addon } = status;
  if (addon.status && PAST_DUE.includes(addon.status)) {
    return (
      <Notice icon={<PauseCircle className="h-5 w-5 shrink-0 text-slate-600" aria-hidden />}>
        <p className="font-semibold">Your last SMS Alerts payment failed, so texts are paused.</p>
        <p>Update your card in billing to get them again.</p>
        <ManageBillingButton />
      </Notice>
    );
  }
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h3 className="text-base font-semibold">Get a text for every new match</h3>
        <p className="text-sm text-slate-700">
          SMS Alerts adds a text message to your instant alerts:{" "}
          <span className="font-semibold" data-testid="sms-price">
            {formatSmsPrice(status.priceCents)}
          </span>
          , billed monthly, cancel anytime.
        </p>
        {addon.status === "canceled" && addon.currentPeriodEnd && (
          <p className="text-sm text-slate-700">
            Your SMS Alerts ended on {formatDate(addon.currentPeriodEnd)}.
          </p>
        )}
      </div>
      {!status.publishableKey ? (
        <p className="text-sm text-slate-700">
          Card payments are not configured on this server yet, so SMS Alerts cannot be bought here right now.
        </p>
      ) : isCheckingOut ? (
        <SmsCheckout
          priceCents={status.priceCents}
          publishableKey={status.publishableKey}
          onPaid={onPaid}
          onCancel={() => setIsCheckingOut(false)}
        />
      ) : (
        <Button type="button" onClick={() => setIsCheckingOut(true)}>
          <MessageSquare className="h-4 w-4" aria-hidden />
          Subscribe
        </Button>
      )}
    </div>
  );
}

/** The add-on's renewal, or its end once cancelled, and the billing portal. */
function AddonBilling({ addon }: { addon: SmsStatus["addon"] }) {
  const end = addon.currentPeriodEnd ? formatDate(addon.currentPeriodEnd) : null;
  let sentence = "Your SMS Alerts subscription is active.";
  if (end) {
    sentence = addon.cancelAtPeriodEnd
      ? `Your SMS Alerts subscription is cancelled: texts continue until ${end}.`
      : `Your SMS Alerts subscription renews on ${end}.`;
  }
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700" data-testid="sms-addon-status">
        {sentence}
      </p>
      <ManageBillingButton />
    </div>
  );
}

function SmsBody({
  status,
  activation,
}: {
  status: SmsStatus;
  activation: {
    isWaiting: boolean;
    isLate: boolean;
    isRefreshing: boolean;
    onPaid: () => void;
    onRefresh: () => void;
  };
}) {
  // The server's reason, in its order: set up here, then Premium, then the add-on; what is left is the
  // number's own steps.
  if (status.blockedReason === "not_configured") return <Notice>{SMS_MESSAGES.notConfigured}</Notice>;
  if (status.blockedReason === "no_premium") return <NeedsPremium status={status} />;
  if (status.blockedReason === "no_addon") {
    if (activation.isWaiting) {
      return (
        <SmsActivationWait
          isLate={activation.isLate}
          isRefreshing={activation.isRefreshing}
          onRefresh={activation.onRefresh}
        />
      );
    }
    return <Subscribe status={status} onPaid={activation.onPaid} />;
  }
  return (
    <div className="space-y-6">
      <SmsNumberPanel status={status} />
      <AddonBilling addon={status.addon} />
    </div>
  );
}

/** The SMS section of the Alerts tab, driven by GET /api/sms alone. */
export function SmsAlertsSection() {
  // Set when Stripe confirmed the payment in the browser: the status is read again until the webhook has
  // turned the add-on on, and after a minute the screen says the confirmation is late.
  const [paidAt, setPaidAt] = useState<number | null>(null);
  const [isLate, setIsLate] = useState(false);
  const status = useSmsStatus(paidAt !== null && !isLate);
  const refresh = useRefreshSubscription();
  const sectionRef = useRef<HTMLElement>(null);
  const hasData = status.data !== undefined;

  useEffect(() => {
    if (paidAt === null) return;
    const timer = setTimeout(() => setIsLate(true), ACTIVATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [paidAt]);

  // Linked to from the pricing page (#sms-alerts): the client-side navigation does not scroll to it.
  useEffect(() => {
    if (hasData && window.location.hash === `#${SMS_SECTION_ID}`) {
      sectionRef.current?.scrollIntoView({ block: "start" });
    }
  }, [hasData]);

  const onPaid = () => {
    setPaidAt(Date.now());
    setIsLate(false);
    toast({
      title: "Payment Successful",
      description: "SMS Alerts turns on as soon as Stripe confirms it. Then add your mobile number.",
    });
    // Stripe's state read now, in case the webhook is slow; the add-on turns on either way.
    refresh.mutate(undefined);
  };

  return (
    <section
      id={SMS_SECTION_ID}
      ref={sectionRef}
      aria-labelledby="sms-alerts-heading"
      className="scroll-mt-20"
    >
      <Card>
        <CardHeader>
          <CardTitle id="sms-alerts-heading" className="flex items-center gap-2">
            <MessageSquare className="h-5 w-5 text-brand-600" aria-hidden />
            SMS alerts
          </CardTitle>
          <CardDescription>
            A text message the moment a new buyer listing matches your alerts.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={status}
            loadingLabel="Loading your SMS alerts…"
            loading={<Skeleton className="h-32 w-full" />}
          >
            {(data) => (
              <SmsBody
                status={data}
                activation={{
                  isWaiting: paidAt !== null,
                  isLate,
                  isRefreshing: status.isFetching,
                  onPaid,
                  onRefresh: () => void status.refetch(),
                }}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
    </section>
  );
}
