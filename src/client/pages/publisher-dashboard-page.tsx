import { Building2, Crown, DollarSign, Gauge, Layers, Pencil, Search } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { formatDate, formatDollars } from "../../shared/format";
import type { CurrentUser, SessionUser } from "../../shared/schemas/auth";
import { PUBLISHER_MESSAGES, type PublisherProfile } from "../../shared/schemas/publisher";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { Skeleton } from "../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { AlertsTab } from "../features/alerts";
import { useAuth } from "../features/auth/use-auth";
import { usePublicConfig } from "../features/config/use-public-config";
import { PublisherDealIntentsTab } from "../features/deal-intents";
import { DisputesTab } from "../features/disputes/disputes-tab";
import { ActivityList } from "../features/publishers/activity-list";
import { DomainVerificationAction } from "../features/publishers/domain-verification-panel";
import { PageSpinner } from "../features/publishers/page-spinner";
import {
  QualityScoreBar,
  QualityScoreBasis,
  QualityScoreExplanation,
} from "../features/publishers/quality-score";
import { ProfileStatusBadge, TierBadge } from "../features/publishers/status-badges";
import {
  usePublisherActivity,
  usePublisherDashboard,
  usePublisherProfile,
} from "../features/publishers/use-publisher";
import { PublisherReviewsTab } from "../features/reviews/publisher-reviews-tab";

const RECENT_ACTIVITY = 5;

function NoProfile() {
  const { data: config } = usePublicConfig();
  return (
    <Card className="mx-auto max-w-xl text-center">
      <CardHeader>
        <h1 className="text-2xl font-bold">Welcome to {config?.appName}</h1>
        <CardDescription>
          Set up your publisher profile to get reviewed, verified and matched with buyers.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg">
          <Link href="/publisher/onboarding">{PUBLISHER_MESSAGES.completeProfile}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function StatusCard({ profile }: { profile: PublisherProfile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Status</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="flex flex-wrap gap-2">
          <ProfileStatusBadge status={profile.status} />
          <TierBadge tier={profile.tier} />
        </p>
        {profile.status === "approved" && (
          <p className="text-sm text-slate-700">
            Approved{profile.reviewedAt ? ` on ${formatDate(profile.reviewedAt)}` : ""}.
          </p>
        )}
        {profile.status === "rejected" && (
          <div className="space-y-1 text-sm text-slate-700">
            <p>
              Your application was not approved
              {profile.reviewedAt ? ` (${formatDate(profile.reviewedAt)})` : ""}.
            </p>
            {profile.reviewReason && (
              <p>
                <span className="font-medium">Reason:</span> {profile.reviewReason}
              </p>
            )}
          </div>
        )}
        {profile.status !== "approved" && profile.status !== "rejected" && (
          <p className="text-sm text-slate-700">{PUBLISHER_MESSAGES.underReview}</p>
        )}
      </CardContent>
    </Card>
  );
}

function ScoreCard({ profile }: { profile: PublisherProfile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quality Score</CardTitle>
        <CardDescription>From what we have checked and what your profile states</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <QualityScoreBar score={profile.qualityScore} />
        <QualityScoreBasis breakdown={profile.qualityBreakdown} />
        <QualityScoreExplanation breakdown={profile.qualityBreakdown} />
      </CardContent>
    </Card>
  );
}

function SubscriptionCard({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {user.hasActiveSubscription ? (
          <>
            <Badge tone="purple">
              <Crown className="h-3 w-3" aria-hidden />
              Premium
            </Badge>
            <p className="text-sm text-slate-700">Buyer contact details are unlocked on every listing.</p>
          </>
        ) : (
          <>
            <Badge tone="grey">Free</Badge>
            <p className="text-sm text-slate-700">Upgrade to see buyer contact details.</p>
            <Button asChild size="sm">
              <Link href="/pricing">Upgrade</Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Tile({
  icon: Icon,
  label,
  children,
}: {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  label: string;
  children: ReactNode;
}) {
  // A <div> straight inside the <dl> may hold only <dt> and <dd>: the icon goes into the term.
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
        {label}
      </dt>
      <dd className="mt-1 text-xl font-bold">{children}</dd>
    </div>
  );
}

function MarketTiles({ profile }: { profile: PublisherProfile }) {
  const figures = usePublisherDashboard();
  return (
    <section aria-labelledby="market-heading" className="space-y-3">
      <h2 id="market-heading" className="text-lg font-semibold">
        Marketplace today
      </h2>
      <QueryState
        query={figures}
        loadingLabel="Loading marketplace figures…"
        loading={<Skeleton className="h-20 w-full" />}
      >
        {(data) => (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Tile icon={Building2} label="Active Buyers">
              {data.activeBuyers}
            </Tile>
            <Tile icon={DollarSign} label="Avg Payout">
              {data.avgPayout === null ? "—" : formatDollars(data.avgPayout)}
            </Tile>
            <Tile icon={Layers} label="Verticals">
              {data.verticals}
            </Tile>
            <Tile icon={Gauge} label="Your Score">
              {profile.qualityScore}
            </Tile>
          </dl>
        )}
      </QueryState>
    </section>
  );
}

function Overview({ profile, user }: { profile: PublisherProfile; user: CurrentUser }) {
  const activity = usePublisherActivity();
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Button asChild variant="secondary" className="justify-start">
              <Link href="/browse">
                <Search className="h-4 w-4" aria-hidden />
                Browse Buyers
              </Link>
            </Button>
            <Button asChild variant="secondary" className="justify-start">
              <Link href="/publisher/profile">
                <Pencil className="h-4 w-4" aria-hidden />
                Edit Profile
              </Link>
            </Button>
            <DomainVerificationAction profile={profile} userId={user.id} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recent Activity</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <QueryState
              query={activity}
              loadingLabel="Loading recent activity…"
              loading={<Skeleton className="h-24 w-full" />}
            >
              {(entries) => <ActivityList entries={entries} limit={RECENT_ACTIVITY} />}
            </QueryState>
            <Button asChild variant="link">
              <Link href="/publisher/profile?tab=activity">View all activity</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      <MarketTiles profile={profile} />
    </div>
  );
}

/** The open tab lives in the URL (?tab=alerts), so a mail can link to it (alert and dispute mails do). */
const TABS = ["overview", "alerts", "deals", "reviews", "disputes"] as const;
type TabId = (typeof TABS)[number];

function useTab(): [TabId, (tab: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(search).get("tab");
  const tab = TABS.find((t) => t === requested) ?? "overview";
  const setTab = (next: string) =>
    navigate(next === "overview" ? location : `${location}?tab=${next}`, { replace: true });
  return [tab, setTab];
}

function Dashboard({ profile, user }: { profile: PublisherProfile; user: SessionUser }) {
  const [tab, setTab] = useTab();
  return (
    <div className="space-y-8">
      <header>
        {/* An email address has no spaces to wrap at: allowed to break anywhere, or it widens a phone's page. */}
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">
          {user.hasSignedInBefore ? "Welcome back" : "Welcome"}, {user.firstName?.trim() || user.email}
        </h1>
        <p className="mt-1 text-slate-600">Your publisher profile, score and activity.</p>
      </header>
      <div className="grid gap-6 md:grid-cols-3">
        <StatusCard profile={profile} />
        <ScoreCard profile={profile} />
        <SubscriptionCard user={user} />
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="alerts">Alerts</TabsTrigger>
          <TabsTrigger value="deals">Deal Requests</TabsTrigger>
          <TabsTrigger value="reviews">Reviews</TabsTrigger>
          <TabsTrigger value="disputes">Disputes</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview profile={profile} user={user} />
        </TabsContent>
        <TabsContent value="alerts">
          <AlertsTab isPremium={user.hasActiveSubscription} profile={profile} />
        </TabsContent>
        <TabsContent value="deals">
          <PublisherDealIntentsTab />
        </TabsContent>
        <TabsContent value="reviews">
          <PublisherReviewsTab />
        </TabsContent>
        <TabsContent value="disputes">
          <DisputesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export default function PublisherDashboardPage() {
  const { user } = useAuth();
  const profile = usePublisherProfile();
  // The route table shows this page to signed-in users only (RequireAuth).
  if (!user) return null;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <QueryState query={profile} loadingLabel="Loading your dashboard…" loading={<PageSpinner />}>
        {(current) => (current ? <Dashboard profile={current} user={user} /> : <NoProfile />)}
      </QueryState>
    </main>
  );
}
