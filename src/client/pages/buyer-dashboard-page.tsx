import { Plus } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { BuyerProfile } from "../../shared/schemas/buyers";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { Skeleton } from "../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { useAuth } from "../features/auth";
import { BuyerVerificationPanel } from "../features/buyer-verification/verification-panel";
import { AnalyticsTab } from "../features/buyers/analytics-tab";
import { CreateProfileCard, ProfileTab } from "../features/buyers/buyer-profile-panels";
import { BuyerStats } from "../features/buyers/buyer-stats";
import { CreateListingDialog } from "../features/buyers/listing-dialogs";
import { MyListings } from "../features/buyers/my-listings";
import { useBuyerProfile } from "../features/buyers/use-buyer";
import { BuyerDealIntentsTab } from "../features/deal-intents";
import { DisputesTab } from "../features/disputes/disputes-tab";
import { BuyerReviewsTab } from "../features/reviews/buyer-reviews-tab";

// Buyer dashboard: 'Create Profile' or 'Create Listing' in the header; without a profile the
// 'Create Your Buyer Profile' card; with one, four live figures and the tabs My Listings, Profile,
// Verification (the "Verified buyer" badge), Deal Requests, Analytics, Reviews and Disputes. The open tab
// is kept in the URL (?tab=...), so a mail can link to it.

const TABS = [
  { id: "listings", label: "My Listings" },
  { id: "profile", label: "Profile" },
  { id: "verification", label: "Verification" },
  { id: "deal-intents", label: "Deal Requests" },
  { id: "reviews", label: "Reviews" },
  { id: "disputes", label: "Disputes" },
  { id: "analytics", label: "Analytics" },
] as const;
type TabId = (typeof TABS)[number]["id"];

function useTab(): [TabId, (tab: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(search).get("tab");
  const tab = TABS.find((t) => t.id === requested)?.id ?? "listings";
  const setTab = (next: string) =>
    navigate(next === "listings" ? location : `${location}?tab=${next}`, { replace: true });
  return [tab, setTab];
}

function DashboardSkeleton() {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** An account is a publisher or a buyer, never both (the server refuses the second profile). */
function PublisherAccountNotice() {
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <CardTitle>This is a publisher account</CardTitle>
        <CardDescription>
          Buyer profiles and listings belong to buyer accounts. To buy calls and leads, sign in with another
          email.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="secondary">
          <Link href="/publisher/dashboard">Go to the Publisher Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Workspace({ profile, onCreateListing }: { profile: BuyerProfile; onCreateListing: () => void }) {
  const [tab, setTab] = useTab();
  return (
    <div className="space-y-6">
      <BuyerStats />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Buyer dashboard sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="listings">
          <MyListings onCreate={onCreateListing} />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab profile={profile} />
        </TabsContent>
        <TabsContent value="verification">
          <BuyerVerificationPanel />
        </TabsContent>
        <TabsContent value="deal-intents">
          <BuyerDealIntentsTab />
        </TabsContent>
        <TabsContent value="reviews">
          <BuyerReviewsTab />
        </TabsContent>
        <TabsContent value="disputes">
          <DisputesTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export default function BuyerDashboardPage() {
  const { user } = useAuth();
  const profile = useBuyerProfile();
  const [creatingListing, setCreatingListing] = useState(false);
  const hasProfile = Boolean(profile.data);
  const isPublisher = user?.role === "publisher";

  return (
    <main className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Buyer Dashboard</h1>
          <p className="text-slate-600">
            {profile.data
              ? profile.data.company
              : "Your company profile, your listings and the publishers interested in them."}
          </p>
        </div>
        {hasProfile && (
          <Button onClick={() => setCreatingListing(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            Create Listing
          </Button>
        )}
      </header>
      <QueryState query={profile} loadingLabel="Loading your buyer profile…" loading={<DashboardSkeleton />}>
        {(data) =>
          data ? (
            <Workspace profile={data} onCreateListing={() => setCreatingListing(true)} />
          ) : isPublisher ? (
            <PublisherAccountNotice />
          ) : (
            <CreateProfileCard />
          )
        }
      </QueryState>
      <CreateListingDialog open={creatingListing} onOpenChange={setCreatingListing} />
    </main>
  );
}
