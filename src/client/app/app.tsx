import { type ComponentType, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { RequireAdmin, RequireAuth } from "../features/auth/guards";
import { useAuth } from "../features/auth/use-auth";
import { Layout } from "./layout";

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
const AdminUsersPage = lazy(() => import("../pages/admin-users-page"));
const AdminAuditPage = lazy(() => import("../pages/admin-audit-page"));
const SavedPage = lazy(() => import("../pages/saved-page"));
const NotFoundPage = lazy(() => import("../pages/not-found-page"));

// Wrapped once at module level so each route keeps a stable component identity across renders.
const signedIn = (Page: ComponentType) => () => (
  <RequireAuth>
    <Page />
  </RequireAuth>
);
const adminOnly = (Page: ComponentType) => () => (
  <RequireAdmin>
    <Page />
  </RequireAdmin>
);
const PublisherDashboardRoute = signedIn(PublisherDashboardPage);
const PublisherProfileRoute = signedIn(PublisherProfilePage);
const BuyerDashboardRoute = signedIn(BuyerDashboardPage);
const SavedRoute = signedIn(SavedPage);
const AdminDashboardRoute = adminOnly(AdminDashboardPage);
const AdminPublishersRoute = adminOnly(AdminPublishersPage);
const AdminBuyersRoute = adminOnly(AdminBuyersPage);
const AdminUsersRoute = adminOnly(AdminUsersPage);
const AdminAuditRoute = adminOnly(AdminAuditPage);

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

function Routes() {
  const { user } = useAuth();
  return (
    <Switch>
      {/* Always available */}
      <Route path="/login" component={LoginPage} />
      <Route path="/auth/magic" component={MagicLinkPage} />
      <Route path="/signup" component={SignupPage} />
      <Route path="/privacy-policy" component={PrivacyPolicyPage} />
      <Route path="/terms-of-service" component={TermsOfServicePage} />
      {/* Signed out and signed in alike; / is the landing page or the signed-in home */}
      <Route path="/" component={user ? HomePage : LandingPage} />
      <Route path="/browse" component={BrowsePage} />
      <Route path="/pricing" component={PricingPage} />
      {/* Signed in. /subscribe checks sign-in itself: SPEC §8 gives it its own "Login Required" toast. */}
      <Route path="/subscribe" component={SubscribePage} />
      <Route path="/saved" component={SavedRoute} />
      <Route path="/publisher/dashboard" component={PublisherDashboardRoute} />
      {/* Onboarding asks a signed-out visitor to log in itself (SPEC §2: "Please log in to continue"). */}
      <Route path="/publisher/onboarding" component={PublisherOnboardingPage} />
      <Route path="/publisher/profile" component={PublisherProfileRoute} />
      {/* Before /buyer/:id, which would otherwise take "dashboard" for a listing id. */}
      <Route path="/buyer/dashboard" component={BuyerDashboardRoute} />
      <Route path="/buyer/:id" component={BuyerDetailPage} />
      {/* Admin only */}
      <Route path="/admin/dashboard" component={AdminDashboardRoute} />
      <Route path="/admin/publishers" component={AdminPublishersRoute} />
      <Route path="/admin/buyers" component={AdminBuyersRoute} />
      <Route path="/admin/users" component={AdminUsersRoute} />
      <Route path="/admin/audit" component={AdminAuditRoute} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

export function App() {
  const { isLoading } = useAuth();
  return (
    <Layout>
      {/* Until we know who is here, no route can decide between landing and home or run a guard. */}
      {isLoading ? (
        <PageFallback />
      ) : (
        <Suspense fallback={<PageFallback />}>
          <Routes />
        </Suspense>
      )}
    </Layout>
  );
}
