import { CheckCircle2 } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import { PAYMENT_MESSAGES, PREMIUM_BENEFITS } from "../../shared/constants";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { CheckList } from "../components/ui/check-list";
import { QueryState } from "../components/ui/query-state";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../components/ui/use-toast";
import { goToLogin } from "../features/auth/redirect-to-login";
import { useAuth } from "../features/auth/use-auth";
import { usePremiumPrice } from "../features/config/use-premium-price";
import { usePublicConfig } from "../features/config/use-public-config";
import {
  PaymentNotice,
  PaymentProvider,
  PaymentStep,
  SetupRequired,
  useStripeJs,
} from "../features/payments";
import { PremiumPrice } from "../features/subscriptions/plan-cards";
import { useRefreshSubscription, useSubscriptionIntent } from "../features/subscriptions/use-subscription";
import { isUnauthorizedError } from "../lib/api";
import { AUTH_REDIRECT_DELAY_MS } from "../lib/ui-constants";

export default function SubscribePage() {
  const { user } = useAuth();
  const config = usePublicConfig();
  const [hasPaid, setHasPaid] = useState(false);

  // "Login Required", then the sign-in page after 500 ms, so the toast can be read first.
  useEffect(() => {
    if (user) return;
    toast({
      title: PAYMENT_MESSAGES.loginRequired,
      description: PAYMENT_MESSAGES.loginRequiredDescription,
      variant: "destructive",
    });
    const timer = setTimeout(goToLogin, AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user]);

  let content: ReactNode;
  if (!user) {
    content = (
      <PaymentNotice
        title={PAYMENT_MESSAGES.loginRequired}
        description={PAYMENT_MESSAGES.loginRequiredDescription}
      />
    );
  } else if (hasPaid) {
    // Before the Premium check: paying turns hasActiveSubscription on, and this page says thank you.
    content = <WelcomeToPremium />;
  } else if (user.hasActiveSubscription) {
    // Whether or not payments are configured here: a member has nothing to set up or pay.
    content = <AlreadyPremium />;
  } else {
    content = (
      <QueryState
        query={config}
        loadingLabel="Loading…"
        loading={<PageSkeleton />}
        errorMessage={() => "The payment page could not be loaded."}
        className="mx-auto max-w-xl"
      >
        {({ stripePublishableKey }) =>
          stripePublishableKey ? (
            <Checkout publishableKey={stripePublishableKey} onPaid={() => setHasPaid(true)} />
          ) : (
            <SetupRequired
              description="Card payments are not configured on this server yet, so Premium cannot be bought here right now."
              fallbackPath="/pricing"
            />
          )
        }
      </QueryState>
    );
  }
  // Signed out, the page leaves for the sign-in page by itself (see the guards' RedirectNotice).
  return (
    <main data-redirecting={user ? undefined : true} className="mx-auto max-w-5xl px-4 py-10 sm:py-12">
      {content}
    </main>
  );
}

function Checkout({ publishableKey, onPaid }: { publishableKey: string; onPaid: () => void }) {
  const price = usePremiumPrice();
  const stripeJs = useStripeJs(publishableKey);
  const intent = useSubscriptionIntent();
  const refresh = useRefreshSubscription();

  useEffect(() => {
    if (!intent.error) return;
    // A 401 is the session-expiry watcher's to announce.
    if (isUnauthorizedError(intent.error)) return;
    toast({ title: "Error", description: PAYMENT_MESSAGES.initFailed, variant: "destructive" });
  }, [intent.error]);

  async function finishPayment() {
    // The payment stands even if this refresh fails: Stripe's webhook turns Premium on moments later.
    await refresh.mutateAsync().catch(() => undefined);
    toast({
      title: PAYMENT_MESSAGES.paymentSucceeded,
      description: PAYMENT_MESSAGES.paymentSucceededDescription,
    });
    onPaid();
  }

  const data = intent.data;
  const payment = (
    <PaymentStep
      stripeJs={stripeJs}
      intent={intent}
      clientSecret={data && "clientSecret" in data ? data.clientSecret : null}
      startFailedMessage={PAYMENT_MESSAGES.initFailed}
      nothingToPay={
        data && "status" in data ? (
          <p className="text-sm">You already have Premium: there is nothing to pay.</p>
        ) : undefined
      }
      submitLabel={price.label ? `Subscribe for ${price.label}` : "Subscribe"}
      note="Cancel anytime; access continues to the end of the paid year."
      onPaid={finishPayment}
    />
  );

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold">Subscribe to Premium</h1>
        <p className="mt-2 text-slate-700">Unlock buyer contact details and reach buyers directly.</p>
      </header>
      <div className="grid gap-6 md:grid-cols-5">
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Premium plan</CardTitle>
            <p>
              <PremiumPrice />
            </p>
            <CardDescription>Billed yearly, renews automatically.</CardDescription>
          </CardHeader>
          <CardContent>
            <CheckList items={PREMIUM_BENEFITS} />
          </CardContent>
        </Card>
        <Card className="md:col-span-3">
          <CardHeader>
            <CardTitle>Payment details</CardTitle>
            <CardDescription>
              <PaymentProvider />
            </CardDescription>
          </CardHeader>
          <CardContent>{payment}</CardContent>
        </Card>
      </div>
    </div>
  );
}

function WelcomeToPremium() {
  return (
    <PaymentNotice
      icon={<CheckCircle2 className="h-8 w-8 text-green-700" aria-hidden />}
      title={PAYMENT_MESSAGES.paymentSucceededDescription}
      description="Your payment went through. Buyer contact details are now visible across the directory."
    >
      <Button asChild>
        <Link href="/browse">Browse buyers</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link href="/pricing">Manage subscription</Link>
      </Button>
    </PaymentNotice>
  );
}

function AlreadyPremium() {
  return (
    <PaymentNotice
      icon={<CheckCircle2 className="h-8 w-8 text-green-700" aria-hidden />}
      title="You already have Premium"
      description="There is nothing to pay: buyer contact details are already unlocked for you."
    >
      <Button asChild>
        <Link href="/browse">Browse buyers</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link href="/pricing">Manage subscription</Link>
      </Button>
    </PaymentNotice>
  );
}

function PageSkeleton() {
  return (
    <div className="grid gap-6 md:grid-cols-5">
      <Skeleton className="h-72 md:col-span-2" />
      <Skeleton className="h-72 md:col-span-3" />
    </div>
  );
}
