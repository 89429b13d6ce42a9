import {
  ArrowRight,
  BadgeCheck,
  BarChart3,
  Bookmark,
  Crown,
  DollarSign,
  LayoutDashboard,
  ListChecks,
  Megaphone,
  Rocket,
  Search,
  Users,
} from "lucide-react";
import type { ComponentType } from "react";
import { Link } from "wouter";
import { ONBOARDING_PATHS } from "../../shared/constants";
import type { CurrentUser } from "../../shared/schemas/auth";
import { PUBLISHER_MESSAGES } from "../../shared/schemas/publisher";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { SkeletonLine } from "../components/ui/skeleton";
import { useAuth } from "../features/auth/use-auth";
import { getFullNameOrEmail } from "../features/auth/user-display";
import { usePremiumPrice } from "../features/config/use-premium-price";
import { usePublicConfig } from "../features/config/use-public-config";
import type { MarketFigureKey } from "../features/listings/market-figures";
import { MarketFiguresSection } from "../features/listings/market-figures-section";
import { usePublisherProfile } from "../features/publishers/use-publisher";
import { WelcomeDialog } from "../features/shell/welcome-dialog";
import { cn } from "../lib/cn";

const FIGURE_ICONS: Record<
  MarketFigureKey,
  ComponentType<{ className?: string; "aria-hidden"?: boolean }>
> = {
  buyers: Users,
  verified: BadgeCheck,
  listings: ListChecks,
  verticals: BarChart3,
  payout: DollarSign,
};

/** The directory's live figures, rounded down (the same as the landing page's); none made up. */
function MarketFigureCards() {
  return (
    <MarketFiguresSection
      placeholders={
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((n) => (
            <Card key={n} className="flex items-center gap-4 p-5">
              <div className="h-8 w-8 shrink-0" />
              <div>
                <SkeletonLine className="text-2xl font-bold" width="w-14" />
                <SkeletonLine className="text-sm" width="w-28" />
              </div>
            </Card>
          ))}
        </div>
      }
    >
      {(tiles) => (
        <ul
          className={cn("grid gap-4 sm:grid-cols-2", tiles.length > 4 ? "lg:grid-cols-5" : "lg:grid-cols-4")}
        >
          {tiles.map((tile) => {
            const Icon = FIGURE_ICONS[tile.key];
            return (
              <li key={tile.key}>
                <Card className="flex items-center gap-4 p-5">
                  <Icon className="h-8 w-8 shrink-0 text-brand-600" aria-hidden />
                  <p className="flex flex-col">
                    <span className="text-2xl font-bold" data-testid={`market-figure-${tile.key}`}>
                      {tile.value}
                    </span>
                    <span className="text-sm text-slate-600">{tile.label}</span>
                  </p>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </MarketFiguresSection>
  );
}

const PLATFORM_NOTES = [
  {
    title: "Verified buyer badges",
    body: "Buyers whose company details we have checked carry a Verified badge in the directory.",
  },
  {
    title: "Boosted listings",
    body: "Buyers can boost a listing for featured placement at the top of the directory.",
  },
  {
    title: "TCPA compliance first",
    body: "Publishers acknowledge TCPA compliance during onboarding, and every buyer states its consent rules.",
  },
];

interface Shortcut {
  href: string;
  title: string;
  description: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
}

function shortcutsFor(user: CurrentUser): Shortcut[] {
  const shortcuts: Shortcut[] = [
    {
      href: "/browse",
      title: "Browse Buyers",
      description: "Search buyers by vertical, payout and location.",
      icon: Search,
    },
  ];
  // A user holds one profile (publisher or buyer): onboarding is only for someone who has none yet, and
  // a guest has not chosen a side by making one, so both are offered.
  if (user.role === "guest") {
    shortcuts.push(
      {
        href: ONBOARDING_PATHS.publisher,
        title: "Get Started",
        description: "Generate calls? Complete your publisher profile to get verified.",
        icon: Rocket,
      },
      {
        href: ONBOARDING_PATHS.buyer,
        title: "List Your Buyer Offer",
        description: "Buy calls? Create your buyer profile and post your first listing.",
        icon: Megaphone,
      },
    );
  }
  if (user.role === "buyer" || user.role === "publisher") {
    shortcuts.push({
      href: user.role === "buyer" ? "/buyer/dashboard" : "/publisher/dashboard",
      title: "My Dashboard",
      description:
        user.role === "buyer"
          ? "Manage your listings and company profile."
          : "Your profile, status and alerts.",
      icon: LayoutDashboard,
    });
  }
  if (user.role === "admin") {
    shortcuts.push({
      href: "/admin/dashboard",
      title: "Admin Dashboard",
      description: "Review publisher applications and manage listings.",
      icon: LayoutDashboard,
    });
  }
  shortcuts.push({
    href: "/saved",
    title: "Saved Listings",
    description: "The buyers you saved to compare or contact later.",
    icon: Bookmark,
  });
  return shortcuts;
}

function SubscriptionCard({ user }: { user: CurrentUser }) {
  const price = usePremiumPrice();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="h-5 w-5 text-purple-700" aria-hidden />
          Subscription
        </CardTitle>
      </CardHeader>
      <CardContent>
        {user.hasActiveSubscription ? (
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone="purple">Premium</Badge>
            <p className="text-sm text-slate-700">Buyer contact details are unlocked on every listing.</p>
          </div>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700">
              You are on the Free plan. Premium{price.label ? ` (${price.label})` : ""} unlocks buyer contact
              details.
            </p>
            <Button asChild>
              <Link href="/pricing">Upgrade to Premium</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export default function HomePage() {
  const { user } = useAuth();
  const { data: config } = usePublicConfig();
  const { data: profile } = usePublisherProfile({ enabled: user?.role === "publisher" });
  // The route table only shows this page to a signed-in user.
  if (!user) return null;
  // "Back" only to someone who has been here before, as the server counts sign-ins.
  const greeting = user.hasSignedInBefore ? "Welcome back to" : "Welcome to";
  const isAwaitingReview = user.role === "publisher" && profile?.status === "pending";
  const shortcuts = shortcutsFor(user);

  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <WelcomeDialog user={user} />
      <header>
        <h1 className="text-3xl font-bold">
          {greeting} {config?.appName}
        </h1>
        <p className="mt-2 text-lg text-slate-700" data-testid="signed-in-as">
          {getFullNameOrEmail(user)}
        </p>
        {isAwaitingReview && (
          <p className="mt-2 text-sm text-slate-700" data-testid="publisher-review-note">
            {PUBLISHER_MESSAGES.awaitingReview} We email you once it is decided; your dashboard shows its
            status.
          </p>
        )}
      </header>

      {user.role === "publisher" && <SubscriptionCard user={user} />}

      <section aria-labelledby="shortcuts-heading">
        <h2 id="shortcuts-heading" className="sr-only">
          Shortcuts
        </h2>
        {/* As many columns as shortcuts (three, four for a guest), so no column is left empty. */}
        <ul
          className={cn(
            "grid gap-4 sm:grid-cols-2",
            shortcuts.length === 3 && "lg:grid-cols-3",
            shortcuts.length >= 4 && "lg:grid-cols-4",
          )}
        >
          {shortcuts.map((shortcut) => (
            <li key={shortcut.href}>
              <Link
                href={shortcut.href}
                className="group flex h-full items-start gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600"
              >
                <shortcut.icon className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />
                <span>
                  <span className="flex items-center gap-1 font-semibold">
                    {shortcut.title}
                    <ArrowRight
                      className="h-4 w-4 transition-transform group-hover:translate-x-1"
                      aria-hidden
                    />
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{shortcut.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <MarketFigureCards />

      <section aria-labelledby="updates-heading">
        <Card>
          <CardHeader>
            <CardTitle id="updates-heading">Platform updates</CardTitle>
            <CardDescription>What is new in the directory.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="space-y-4">
              {PLATFORM_NOTES.map((note) => (
                <li key={note.title}>
                  <h3 className="font-medium">{note.title}</h3>
                  <p className="text-sm text-slate-600">{note.body}</p>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>
    </main>
  );
}
