import { Check, X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { FREE_PLAN_FEATURES, PREMIUM_BENEFITS } from "../../../shared/constants";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { SIGNUP_PATH } from "../auth";
import { usePremiumPrice, usePublicConfig } from "../config";

const FREE_FEATURES: [string, boolean][] = [
  ...FREE_PLAN_FEATURES.map((feature): [string, boolean] => [feature, true]),
  ["Buyer contact details", false],
  ["Instant email alerts", false],
];

const PREMIUM_FEATURES = ["Everything in Free", ...PREMIUM_BENEFITS];

function Feature({ included, children }: { included: boolean; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm">
      {included ? (
        <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden />
      ) : (
        <X className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
      )}
      <span className={included ? "" : "text-slate-600"}>
        {included ? children : <>Not included: {children}</>}
      </span>
    </li>
  );
}

/** The Premium figure always comes from the server (one price everywhere); a placeholder until it arrives. */
export function PremiumPrice({ className }: { className?: string }) {
  const price = usePremiumPrice();
  const { isError } = usePublicConfig();
  if (isError)
    return <span className="text-sm text-slate-700">The price could not be loaded right now.</span>;
  if (!price.amount) return <Skeleton className="inline-block h-9 w-24 align-middle" />;
  return (
    <span className={className} data-testid="premium-price">
      <span className="text-4xl font-bold">{price.amount}</span>
      <span className="text-slate-600">/{price.interval}</span>
    </span>
  );
}

/** Free and Premium side by side, with the next step that makes sense for who is looking. */
export function PlanCards({ user, headingLevel = 3 }: { user: CurrentUser | null; headingLevel?: 2 | 3 }) {
  const isPremium = Boolean(user?.hasActiveSubscription);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card className="flex flex-col">
        <CardHeader>
          <Heading className="text-xl font-semibold">Free</Heading>
          <CardDescription>Explore the directory and compare buyers.</CardDescription>
          <p className="mt-2">
            <span className="text-4xl font-bold">$0</span> <span className="text-slate-600">forever</span>
          </p>
        </CardHeader>
        <CardContent className="flex-1">
          <ul className="space-y-2">
            {FREE_FEATURES.map(([feature, included]) => (
              <Feature key={feature} included={included}>
                {feature}
              </Feature>
            ))}
          </ul>
        </CardContent>
        <CardFooter>
          {user ? (
            !isPremium && (
              <Button variant="secondary" className="w-full" disabled>
                Current Plan
              </Button>
            )
          ) : (
            <Button asChild variant="secondary" className="w-full">
              <Link href={SIGNUP_PATH}>Get Started Free</Link>
            </Button>
          )}
        </CardFooter>
      </Card>

      <Card className="flex flex-col border-2 border-brand-600">
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <Heading className="text-xl font-semibold">Premium</Heading>
            <Badge tone="brand">Most Popular</Badge>
          </div>
          <CardDescription>Contact buyers directly and hear about new ones first.</CardDescription>
          <div className="mt-2">
            <PremiumPrice />
          </div>
        </CardHeader>
        <CardContent className="flex-1">
          <ul className="space-y-2">
            {PREMIUM_FEATURES.map((feature) => (
              <Feature key={feature} included>
                {feature}
              </Feature>
            ))}
          </ul>
        </CardContent>
        <CardFooter>
          {isPremium ? (
            <Button variant="secondary" className="w-full" disabled>
              Current Plan
            </Button>
          ) : (
            <Button asChild className="w-full">
              <Link href="/subscribe">Upgrade to Premium</Link>
            </Button>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}
