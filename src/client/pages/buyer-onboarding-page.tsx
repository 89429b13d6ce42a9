import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import type { CurrentUser } from "../../shared/schemas/auth";
import type { BuyerProfile } from "../../shared/schemas/buyers";
import { ONBOARDING_MESSAGES } from "../../shared/schemas/onboarding";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { Skeleton } from "../components/ui/skeleton";
import { useAuth } from "../features/auth";
import { BuyerOnboardingWizard } from "../features/buyers/buyer-onboarding-wizard";
import { FirstListing } from "../features/buyers/first-listing";
import { useBuyerProfile } from "../features/buyers/use-buyer";
import { useOnboardingDraft } from "../features/onboarding";

// Buyer onboarding: four steps to a buyer profile, then the first listing. Signed-in only (the route
// table's guard); a buyer who has a profile already belongs on the dashboard, and a publisher or an
// administrator is told why this is not for them (the server refuses them anyway).

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <CardTitle>
          <span className="text-xl">{title}</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

function RoleNotice({ user }: { user: CurrentUser }) {
  const isPublisher = user.role === "publisher";
  return (
    <Notice title={isPublisher ? "This is a publisher account" : "Administrators do not onboard"}>
      <p className="text-slate-700">
        {isPublisher ? ONBOARDING_MESSAGES.publisherAccount : ONBOARDING_MESSAGES.adminsDoNotOnboard}{" "}
        {isPublisher && "To buy calls and leads, sign in with another email."}
      </p>
      <Button asChild>
        <Link href={isPublisher ? "/publisher/dashboard" : "/admin/dashboard"}>
          {isPublisher ? "Go to the Publisher Dashboard" : "Go to Admin Dashboard"}
        </Link>
      </Button>
    </Notice>
  );
}

/**
 * Decided once, from the profile as the page found it: a profile there already sends the buyer to the
 * dashboard, while the one this wizard creates leads on to the first listing.
 */
function Onboarding({ existing }: { existing: BuyerProfile | null }) {
  const [, navigate] = useLocation();
  const [hadProfile] = useState(existing !== null);
  const [created, setCreated] = useState<BuyerProfile | null>(null);
  const draft = useOnboardingDraft("buyer", !hadProfile);
  useEffect(() => {
    if (hadProfile) navigate("/buyer/dashboard", { replace: true });
  }, [hadProfile, navigate]);

  if (hadProfile)
    return (
      <p role="status" data-redirecting>
        Taking you to your dashboard…
      </p>
    );
  if (created) return <FirstListing profile={created} />;
  return (
    <QueryState
      query={draft}
      loadingLabel="Loading your onboarding…"
      loading={<Skeleton className="h-96 w-full" />}
    >
      {(saved) => <BuyerOnboardingWizard saved={saved} onCreated={setCreated} />}
    </QueryState>
  );
}

export default function BuyerOnboardingPage() {
  const { user } = useAuth();
  const profile = useBuyerProfile();
  // The route's guard shows this page to a signed-in user only.
  if (!user) return null;
  const isOtherRole = user.role === "publisher" || user.role === "admin";
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-10">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">Buyer Onboarding</h1>
        <CardDescription>
          Four steps to a buyer profile publishers can find: your company, what you buy, when you take calls,
          then a review. Your answers are saved as you go.
        </CardDescription>
      </header>
      {isOtherRole ? (
        <RoleNotice user={user} />
      ) : (
        <QueryState
          query={profile}
          loadingLabel="Loading your onboarding…"
          loading={<Skeleton className="h-96 w-full" />}
        >
          {(current) => <Onboarding existing={current} />}
        </QueryState>
      )}
    </main>
  );
}
