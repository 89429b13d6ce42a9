import { Quote, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { SkeletonLine } from "../components/ui/skeleton";
import { BUYER_SIGNUP_PATH, SIGNUP_PATH } from "../features/auth/redirect-to-login";
import { usePremiumPrice } from "../features/config/use-premium-price";
import { usePublicConfig } from "../features/config/use-public-config";
import { MarketFiguresSection } from "../features/listings/market-figures-section";
import { PlanCards } from "../features/subscriptions/plan-cards";
import { cn } from "../lib/cn";

const FIGURES_GRID = "mx-auto grid max-w-5xl grid-cols-2 gap-8 text-center";
// As many columns as figures on a wide screen (literal class names, which Tailwind finds).
const FIGURES_COLUMNS = [
  "",
  "md:grid-cols-1",
  "md:grid-cols-2",
  "md:grid-cols-3",
  "md:grid-cols-4",
  "md:grid-cols-5",
];

/**
 * The marketplace in numbers: the directory's live figures, rounded down. Figures the product cannot
 * back (monthly volume, satisfaction) are not shown at all.
 */
function MarketFigures() {
  return (
    <MarketFiguresSection
      className="border-y border-slate-200 bg-white px-4 py-12"
      unavailableClassName="text-center text-sm text-slate-600"
      placeholders={
        <div className={cn(FIGURES_GRID, "md:grid-cols-4")}>
          {[0, 1, 2, 3].map((n) => (
            <div key={n} className="flex flex-col-reverse items-center">
              <SkeletonLine className="mt-1 text-sm" width="w-24" />
              <SkeletonLine className="text-3xl font-bold" width="w-16" />
            </div>
          ))}
        </div>
      }
    >
      {(tiles) => (
        <dl className={cn(FIGURES_GRID, FIGURES_COLUMNS[tiles.length])}>
          {tiles.map((tile) => (
            <div key={tile.key} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm text-slate-600">{tile.label}</dt>
              <dd className="text-3xl font-bold text-brand-700" data-testid={`market-figure-${tile.key}`}>
                {tile.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </MarketFiguresSection>
  );
}

const TESTIMONIALS = [
  {
    quote:
      "We found three new insurance buyers in our first week. Seeing payouts and requirements side by side saved us hours of calls.",
    name: "Marcus T.",
    role: "Founder, performance marketing agency",
  },
  {
    quote:
      "Premium paid for itself with the first buyer we contacted. The directory is the first place we look when we launch a vertical.",
    name: "Elena R.",
    role: "Director of Partnerships, lead generation network",
  },
  {
    quote:
      "Seeing which buyers are verified, and what each one requires, lets our team focus on traffic quality instead of chasing contacts.",
    name: "David K.",
    role: "Media buyer, home services publisher",
  },
];

export default function LandingPage() {
  const { data: config } = usePublicConfig();
  const price = usePremiumPrice();
  return (
    <main>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-16 sm:py-24">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Connect with Premium Call Buyers
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">
            {config?.appName ? `${config.appName} is` : "This is"} the directory where pay-per-call publishers
            find verified buyers of calls and leads, compare payouts and requirements, and reach out directly.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/browse">Browse Buyers</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link href={SIGNUP_PATH}>Get Started Free</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link href="/subscribe">{price.label ? `Go Premium: ${price.label}` : "Go Premium"}</Link>
            </Button>
          </div>
          <p className="mt-4 text-slate-700">
            Buying calls?{" "}
            <Link href={BUYER_SIGNUP_PATH} className="font-medium text-brand-600 underline">
              List your buyer offer
            </Link>
          </p>
          <p className="mt-6 flex items-center justify-center gap-2 text-sm text-slate-700">
            <ShieldCheck className="h-4 w-4 text-green-700" aria-hidden />
            Publishers are reviewed for TCPA compliance before they request deals
          </p>
        </div>
      </section>

      <MarketFigures />

      <section aria-labelledby="pricing-heading" className="px-4 py-16">
        <div className="mx-auto max-w-4xl">
          <h2 id="pricing-heading" className="text-center text-3xl font-bold">
            Simple, transparent pricing
          </h2>
          <p className="mt-3 text-center text-slate-700">
            Start free. Upgrade when you are ready to contact buyers.
          </p>
          <div className="mt-10">
            <PlanCards user={null} />
          </div>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-white px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="testimonials-heading" className="text-center text-3xl font-bold">
            What publishers say
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <Card className="h-full">
                  <CardContent className="pt-6">
                    <figure>
                      <Quote className="h-6 w-6 text-brand-600" aria-hidden />
                      <blockquote className="mt-3 text-slate-800">{t.quote}</blockquote>
                      <figcaption className="mt-4 text-sm">
                        <span className="font-semibold">{t.name}</span>
                        <span className="block text-slate-600">{t.role}</span>
                      </figcaption>
                    </figure>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </main>
  );
}
