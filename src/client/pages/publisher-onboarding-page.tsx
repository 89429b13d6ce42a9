import { LogIn } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useLocation } from "wouter";
import type { CurrentUser } from "../../shared/schemas/auth";
import { PUBLISHER_MESSAGES } from "../../shared/schemas/publisher";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { LOGIN_PATH } from "../features/auth/redirect-to-login";
import { useAuth } from "../features/auth/use-auth";
import { useOnboardingDraft } from "../features/onboarding";
import { OnboardingWizard } from "../features/publishers/onboarding-wizard";
import { PageSpinner } from "../features/publishers/page-spinner";
import { usePublisherProfile } from "../features/publishers/use-publisher";

const ONBOARDING_PATH = "/publisher/onboarding";

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1">
            <span className="text-xl">{title}</span>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </Card>
    </main>
  );
}

/** A signed-out visitor is asked to log in, with a link to the login endpoint. */
function LoginPrompt() {
  return (
    <Notice title={PUBLISHER_MESSAGES.pleaseLogIn}>
      <p className="text-slate-700">Sign in to set up your publisher profile.</p>
      <Button asChild>
        <a href={`${LOGIN_PATH}?returnTo=${encodeURIComponent(ONBOARDING_PATH)}`}>
          <LogIn className="h-4 w-4" aria-hidden />
          Log in
        </a>
      </Button>
    </Notice>
  );
}

/** A user holds one of the two profiles (publisher or buyer); the server refuses the rest anyway. */
function RoleNotice({ user }: { user: CurrentUser }) {
  const isBuyer = user.role === "buyer";
  return (
    <Notice title={isBuyer ? PUBLISHER_MESSAGES.buyerAccount : "Administrators do not onboard"}>
      <p className="text-slate-700">
        {isBuyer
          ? "Publisher onboarding is for call and lead providers. Your account holds a buyer profile."
          : "Administrator accounts review publishers and hold no publisher profile."}
      </p>
      <Button asChild>
        <Link href={isBuyer ? "/buyer/dashboard" : "/admin/dashboard"}>
          {isBuyer ? "Go to Buyer Dashboard" : "Go to Admin Dashboard"}
        </Link>
      </Button>
    </Notice>
  );
}

function Onboarding({ user }: { user: CurrentUser }) {
  const profile = usePublisherProfile();
  // Read with the profile, so the wizard opens at the step and with the fields the person left.
  const draft = useOnboardingDraft("publisher");
  const [, navigate] = useLocation();
  const isDone = Boolean(profile.data?.complianceAckAt);
  // A user who already has a profile (with compliance) belongs on the dashboard.
  useEffect(() => {
    if (isDone) navigate("/publisher/dashboard", { replace: true });
  }, [isDone, navigate]);

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-10">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">Publisher Onboarding</h1>
        <CardDescription>
          Five steps to a publisher profile: business details, traffic, domain, references and TCPA
          compliance.
        </CardDescription>
      </header>
      <QueryState query={profile} loadingLabel="Loading your onboarding…" loading={<PageSpinner />}>
        {(current) =>
          current?.complianceAckAt ? (
            <p role="status" data-redirecting>
              Taking you to your dashboard…
            </p>
          ) : (
            <QueryState query={draft} loadingLabel="Loading your onboarding…" loading={<PageSpinner />}>
              {(saved) => <OnboardingWizard key={user.id} user={user} profile={current} saved={saved} />}
            </QueryState>
          )
        }
      </QueryState>
    </main>
  );
}

export default function PublisherOnboardingPage() {
  const { user } = useAuth();
  if (!user) return <LoginPrompt />;
  if (user.role === "buyer" || user.role === "admin") return <RoleNotice user={user} />;
  return <Onboarding user={user} />;
}
