import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { useAuth } from "../features/auth/use-auth";

// Route table of SPEC §2. Each page is its own chunk (DESIGN.md §3: route-level code splitting).
const LoginPage = lazy(() => import("../pages/login-page"));
const MagicLinkPage = lazy(() => import("../pages/magic-link-page"));
const LandingPage = lazy(() => import("../pages/landing-page"));
const HomePage = lazy(() => import("../pages/home-page"));
const SignupPage = lazy(() => import("../pages/signup-page"));
const PricingPage = lazy(() => import("../pages/pricing-page"));
const PrivacyPolicyPage = lazy(() => import("../pages/privacy-policy-page"));
const TermsOfServicePage = lazy(() => import("../pages/terms-of-service-page"));
const BrowsePage = lazy(() => import("../pages/browse-page"));
const BuyerDetailPage = lazy(() => import("../pages/buyer-detail-page"));
const SubscribePage = lazy(() => import("../pages/subscribe-page"));
const PublisherDashboardPage = lazy(() => import("../pages/publisher-dashboard-page"));
const PublisherOnboardingPage = lazy(() => import("../pages/publisher-onboarding-page"));
const PublisherProfilePage = lazy(() => import("../pages/publisher-profile-page"));
const BuyerDashboardPage = lazy(() => import("../pages/buyer-dashboard-page"));
const AdminDashboardPage = lazy(() => import("../pages/admin-dashboard-page"));
const AdminPublishersPage = lazy(() => import("../pages/admin-publishers-page"));
const AdminBuyersPage = lazy(() => import("../pages/admin-buyers-page"));
const NotFoundPage = lazy(() => import("../pages/not-found-page"));

function PageFallback() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] items-center justify-center text-slate-600"
    >
      Loading…
    </div>
  );
}

export function App() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageFallback />;
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        {/* Always available */}
        <Route path="/login" component={LoginPage} />
        <Route path="/auth/magic" component={MagicLinkPage} />
        <Route path="/signup" component={SignupPage} />
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/terms-of-service" component={TermsOfServicePage} />
        <Route path="/" component={user ? HomePage : LandingPage} />
        <Route path="/browse" component={BrowsePage} />
        <Route path="/buyer/:id" component={BuyerDetailPage} />
        <Route path="/pricing" component={PricingPage} />
        {/* Signed in */}
        <Route path="/subscribe" component={SubscribePage} />
        <Route path="/publisher/dashboard" component={PublisherDashboardPage} />
        <Route path="/publisher/onboarding" component={PublisherOnboardingPage} />
        <Route path="/publisher/profile" component={PublisherProfilePage} />
        <Route path="/buyer/dashboard" component={BuyerDashboardPage} />
        {/* Admin only */}
        <Route path="/admin/dashboard" component={AdminDashboardPage} />
        <Route path="/admin/publishers" component={AdminPublishersPage} />
        <Route path="/admin/buyers" component={AdminBuyersPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
