import { MessageSquare, TrendingUp } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "wouter";
import { ADDONS, ONBOARDING_PATHS } from "../../shared/constants";
import type { CurrentUser } from "../../shared/schemas/auth";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { BUYER_SIGNUP_PATH, LOGIN_PATH } from "../features/auth";
import { useAuth } from "../features/auth/use-auth";
import { useBoostPrice } from "../features/config/use-boost-price";
import { useSmsPrice } from "../features/config/use-sms-price";
import { SMS_SECTION_ID } from "../features/sms/sms-section-id";
import { PlanCards } from "../features/subscriptions/plan-cards";

// A signed-in member's subscription and billing: its own chunk (Stripe's and the forms' code), loaded
// for a member only, so a visitor's pricing page is in the browser's hands sooner.
const SubscriptionSettings = lazy(() =>
  import("../features/subscriptions/subscription-settings").then((m) => ({
    default: m.SubscriptionSettings,
  })),
);

const FAQ = [
  {
    question: "Is there a money-back guarantee?",
    answer: "Yes. Premium comes with a 7-day money-back guarantee: ask within 7 days for a full refund.",
  },
  {
    question: "Can I cancel anytime?",
    answer:
      "Yes. Cancel whenever you like; Premium access continues until the end of the billing period you paid for.",
  },
  {
    question: "Will the price change?",
    answer: "If it ever does, we give at least 30 days notice before the new price applies to you.",
  },
  {
    question: "What does the free plan include?",
    answer:
      "Browsing all buyer listings, their payout ranges and verticals, and basic search filters, for as long as you like.",
  },
];

export default function PricingPage() {
  const { user } = useAuth();
  return (
    <main className="mx-auto max-w-5xl space-y-16 px-4 py-12">
      <header className="text-center">
        <h1 className="text-4xl font-bold">Simple, Transparent Pricing</h1>
        <p className="mt-3 text-lg text-slate-700">
          Browse for free. Upgrade to Premium to contact buyers directly.
        </p>
      </header>

      <section aria-label="Plans">
        <PlanCards user={user} headingLevel={2} />
      </section>

      {/* "Pricing & Settings": the signed-in user's subscription and billing. */}
      {user && (
        <Suspense fallback={null}>
          <SubscriptionSettings />
        </Suspense>
      )}

      <section aria-labelledby="addons-heading">
        <h2 id="addons-heading" className="text-2xl font-bold">
          Add-ons
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          <li>
            <SmsAlertsCard user={user} />
          </li>
          <li>
            <BoostCard user={user} />
          </li>
        </ul>
      </section>

      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="text-2xl font-bold">
          Frequently asked questions
        </h2>
        <dl className="mt-6 space-y-6">
          {FAQ.map((item) => (
            <div key={item.question}>
              <dt className="font-semibold">{item.question}</dt>
              <dd className="mt-1 text-slate-700">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </main>
  );
}

/** One add-on: its name and icon, the server's price (a skeleton until it is read), what it is, an action. */
function AddonCard({
  icon,
  name,
  price,
  priceTestId,
  description,
  children,
  action,
}: {
  icon: ReactNode;
  name: string;
  price: string | undefined;
  priceTestId: string;
  description: ReactNode;
  /** Who it is for and how it is bought. */
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <h3 className="flex items-center gap-2 text-lg font-semibold">
          {icon}
          {name}
        </h3>
        {price ? (
          <p className="text-2xl font-bold" data-testid={priceTestId}>
            {price}
          </p>
        ) : (
          <Skeleton className="h-8 w-36" />
        )}
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 text-sm text-slate-700">{children}</CardContent>
      {action && (
        <CardFooter>
          <Button asChild className="w-full">
            {action}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}

/**
 * SMS Alerts, with the monthly price the server is configured with. It is bought and set up in the
 * publisher dashboard's Alerts tab: a publisher is led there, a visitor to sign in, anyone else reads whom
 * it is for.
 */
function SmsAlertsCard({ user }: { user: CurrentUser | null }) {
  const price = useSmsPrice();
  const isPublisher = user?.role === "publisher";
  let action: ReactNode;
  if (isPublisher) {
    action = <Link href={`/publisher/dashboard?tab=alerts#${SMS_SECTION_ID}`}>Set up SMS alerts</Link>;
  } else if (!user) {
    // A full navigation to sign-in, back to this card afterwards.
    action = (
      <a href={`${LOGIN_PATH}?returnTo=${encodeURIComponent("/pricing")}`}>Sign in to set up SMS alerts</a>
    );
  }
  return (
    <AddonCard
      icon={<MessageSquare className="h-5 w-5 text-brand-600" aria-hidden />}
      name={ADDONS.smsAlerts.name}
      price={price?.label}
      priceTestId="sms-price"
      description="A text message the moment a new buyer listing matches your alerts."
      action={action}
    >
      {user && !isPublisher
        ? "For publishers with Premium: instant alerts by text to a verified US mobile number, quiet at night, stopped by replying STOP."
        : "For publishers with Premium, on top of instant email alerts: texts to a verified US mobile number, quiet at night, stopped by replying STOP. Billed monthly, cancel anytime."}
    </AddonCard>
  );
}

/**
 * Boost, with the price and days the server is configured with. A buyer is led to My Listings, where
 * each listing has its Boost; anyone else reads how it works and who can buy it, and someone who may
 * still become a buyer (a visitor, a guest) is offered the way in.
 */
function BoostCard({ user }: { user: CurrentUser | null }) {
  const price = useBoostPrice();
  const isBuyer = user?.role === "buyer";
  const offerPath = !user ? BUYER_SIGNUP_PATH : user.role === "guest" ? ONBOARDING_PATHS.buyer : null;
  return (
    <AddonCard
      icon={<TrendingUp className="h-5 w-5 text-brand-600" aria-hidden />}
      name={ADDONS.boostListing.name}
      price={price?.label}
      priceTestId="boost-price"
      description={`Featured placement for a buyer listing: listed first in the directory, with a Boosted badge${price ? `, for ${price.days} days` : ""}.`}
      action={
        isBuyer ? (
          <Link href="/buyer/dashboard">Boost a listing</Link>
        ) : offerPath ? (
          <Link href={offerPath}>List your buyer offer</Link>
        ) : undefined
      }
    >
      {isBuyer
        ? "Choose the listing to boost in My Listings. Bought while a boost is running, the days are added to its end."
        : "For buyers, on their own active listings: one payment by card, no subscription. Bought while a boost is running, the days are added to its end."}
    </AddonCard>
  );
}
