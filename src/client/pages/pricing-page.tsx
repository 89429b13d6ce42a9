import { MessageSquare, TrendingUp } from "lucide-react";
import { Link } from "wouter";
import { ADDONS } from "../../shared/constants";
import type { CurrentUser } from "../../shared/schemas/auth";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { LOGIN_PATH } from "../features/auth";
import { useAuth } from "../features/auth/use-auth";
import { useBoostPrice } from "../features/config/use-boost-price";
import { useSmsPrice } from "../features/config/use-sms-price";
import { SMS_SECTION_ID } from "../features/sms";
import { PlanCards } from "../features/subscription/plan-cards";
import { SubscriptionSettings } from "../features/subscription/subscription-settings";

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
      {user && <SubscriptionSettings />}

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

/**
 * SMS Alerts, with the monthly price the server is configured with. It is bought and set up in the
 * publisher dashboard's Alerts tab: a publisher is led there, a visitor to sign in, anyone else reads whom
 * it is for.
 */
function SmsAlertsCard({ user }: { user: CurrentUser | null }) {
  const price = useSmsPrice();
  const isPublisher = user?.role === "publisher";
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <h3 className="flex items-center gap-2 text-lg font-semibold">
          <MessageSquare className="h-5 w-5 text-brand-600" aria-hidden />
          {ADDONS.smsAlerts.name}
        </h3>
        {price ? (
          <p className="text-2xl font-bold" data-testid="sms-price">
            {price.label}
          </p>
        ) : (
          <Skeleton className="h-8 w-36" />
        )}
        <CardDescription>A text message the moment a new buyer listing matches your alerts.</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 text-sm text-slate-700">
        {user && !isPublisher
          ? "For publishers with Premium: instant alerts by text to a verified US mobile number, quiet at night, stopped by replying STOP."
          : "For publishers with Premium, on top of instant email alerts: texts to a verified US mobile number, quiet at night, stopped by replying STOP. Billed monthly, cancel anytime."}
      </CardContent>
      {(!user || isPublisher) && (
        <CardFooter>
          <Button asChild className="w-full">
            {isPublisher ? (
              <Link href={`/publisher/dashboard?tab=alerts#${SMS_SECTION_ID}`}>Set up SMS alerts</Link>
            ) : (
              // A full navigation to sign-in, back to this card afterwards.
              <a href={`${LOGIN_PATH}?returnTo=${encodeURIComponent("/pricing")}`}>
                Sign in to set up SMS alerts
              </a>
            )}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}

/**
 * Boost, with the price and days the server is configured with. A buyer is led to My Listings, where
 * each listing has its Boost; anyone else reads how it works and who can buy it.
 */
function BoostCard({ user }: { user: CurrentUser | null }) {
  const price = useBoostPrice();
  const isBuyer = user?.role === "buyer";
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <h3 className="flex items-center gap-2 text-lg font-semibold">
          <TrendingUp className="h-5 w-5 text-brand-600" aria-hidden />
          {ADDONS.boostListing.name}
        </h3>
        {price ? (
          <p className="text-2xl font-bold" data-testid="boost-price">
            {price.label}
          </p>
        ) : (
          <Skeleton className="h-8 w-36" />
        )}
        <CardDescription>
          Featured placement for a buyer listing: listed first in the directory, with a Boosted badge
          {price ? `, for ${price.days} days` : ""}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex-1 text-sm text-slate-700">
        {isBuyer
          ? "Choose the listing to boost in My Listings. Bought while a boost is running, the days are added to its end."
          : "For buyers, on their own active listings: one payment by card, no subscription. Bought while a boost is running, the days are added to its end."}
      </CardContent>
      {isBuyer && (
        <CardFooter>
          <Button asChild className="w-full">
            <Link href="/buyer/dashboard">Boost a listing</Link>
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
