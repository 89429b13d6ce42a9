import { MessageSquare, TrendingUp } from "lucide-react";
import { ADDONS } from "../../shared/constants";
import { formatPriceCents } from "../../shared/format";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../components/ui/card";
import { useAuth } from "../features/auth/use-auth";
import { PlanCards } from "../features/subscription/plan-cards";
import { SubscriptionSettings } from "../features/subscription/subscription-settings";

const ADDON_CARDS = [
  {
    icon: MessageSquare,
    name: ADDONS.smsAlerts.name,
    price: `${formatPriceCents(ADDONS.smsAlerts.priceCents)}/${ADDONS.smsAlerts.per}`,
    description: "A text message the moment a new buyer matches your verticals.",
  },
  {
    icon: TrendingUp,
    name: ADDONS.boostListing.name,
    price: `${formatPriceCents(ADDONS.boostListing.priceCents)} for ${ADDONS.boostListing.days} days`,
    description: "Featured placement for a buyer listing at the top of the directory.",
  },
];

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
          {ADDON_CARDS.map((addon) => (
            <li key={addon.name}>
              <Card className="flex h-full flex-col">
                <CardHeader>
                  <h3 className="flex items-center gap-2 text-lg font-semibold">
                    <addon.icon className="h-5 w-5 text-brand-600" aria-hidden />
                    {addon.name}
                  </h3>
                  <p className="text-2xl font-bold">{addon.price}</p>
                  <CardDescription>{addon.description}</CardDescription>
                </CardHeader>
                <CardContent className="flex-1" />
                <CardFooter>
                  {/* Add-ons are shown, their purchase comes later; say so, don't fake it. */}
                  <Button variant="secondary" className="w-full" disabled>
                    Coming soon
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
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
