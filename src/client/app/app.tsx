import { type ComponentType, lazy, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { notFoundPageHead, routePageHead } from "../../shared/page-head";
import { CLIENT_ROUTES, type ClientRoute, type ClientRoutePath } from "../../shared/routes";
import { RequireAdmin, RequireAuth } from "../features/auth/guards";
import { useAuth } from "../features/auth/use-auth";
import { usePageHead } from "../features/config/use-page-head";
import { Layout } from "./layout";

// Pages of the route table. Each page is its own chunk (route-level code splitting), so a visitor
// downloads only the code of the pages they open.
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
const BuyerOnboardingPage = lazy(() => import("../pages/buyer-onboarding-page"));
const BoostListingPage = lazy(() => import("../pages/boost-listing-page"));
const AdminDashboardPage = lazy(() => import("../pages/admin-dashboard-page"));
const AdminPublishersPage = lazy(() => import("../pages/admin-publishers-page"));
const AdminBuyersPage = lazy(() => import("../pages/admin-buyers-page"));
const AdminVerificationsPage = lazy(() => import("../pages/admin-verifications-page"));
const AdminUsersPage = lazy(() => import("../pages/admin-users-page"));
const AdminAuditPage = lazy(() => import("../pages/admin-audit-page"));
const AdminMailPage = lazy(() => import("../pages/admin-mail-page"));
const SavedPage = lazy(() => import("../pages/saved-page"));
const ComparePage = lazy(() => import("../pages/compare-page"));
const UnsubscribePage = lazy(() => import("../pages/unsubscribe-page"));
const AccountPage = lazy(() => import("../pages/account-page"));
const ConfirmEmailPage = lazy(() => import("../pages/confirm-email-page"));
const UndoEmailPage = lazy(() => import("../pages/undo-email-page"));
const SecureAccountPage = lazy(() => import("../pages/secure-account-page"));
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
const BuyerOnboardingRoute = signedIn(BuyerOnboardingPage);
const BoostListingRoute = signedIn(BoostListingPage);
const SavedRoute = signedIn(SavedPage);
const AccountRoute = signedIn(AccountPage);
const AdminDashboardRoute = adminOnly(AdminDashboardPage);
const AdminPublishersRoute = adminOnly(AdminPublishersPage);
const AdminBuyersRoute = adminOnly(AdminBuyersPage);
const AdminVerificationsRoute = adminOnly(AdminVerificationsPage);
const AdminUsersRoute = adminOnly(AdminUsersPage);
const AdminAuditRoute = adminOnly(AdminAuditPage);
const AdminMailRoute = adminOnly(AdminMailPage);

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

/** `/` is the landing page for a visitor and the signed-in home for a user. */
function RootPage() {
  const { user } = useAuth();
  return user ? <HomePage /> : <LandingPage />;
}

/**
 * The page drawn for each path of the shared route list (src/shared/routes.ts), which also gives each
 * page its document title and tells the server which paths are pages (others answer 404). Typed over
 * the list, so a path added there must be given a page here.
 */
const PAGES: Record<ClientRoutePath, ComponentType> = {
  // Always available
  "/login": LoginPage,
  "/auth/magic": MagicLinkPage,
  "/signup": SignupPage,
  "/privacy-policy": PrivacyPolicyPage,
  "/terms-of-service": TermsOfServicePage,
  // Signed out and signed in alike
  "/": RootPage,
  "/browse": BrowsePage,
  "/pricing": PricingPage,
  // Anyone may open a shared comparison; the server masks contacts as everywhere.
  "/compare": ComparePage,
  // Signed in. /subscribe checks sign-in itself: it has its own "Login Required" toast, not the generic one.
  "/subscribe": SubscribePage,
  "/saved": SavedRoute,
  "/account": AccountRoute,
  // The account mails' one-time links: no sign-in, the token in the query is the proof (the undo and
  // "not me" links are for someone who may have lost the account).
  "/account/email/confirm": ConfirmEmailPage,
  "/account/email/undo": UndoEmailPage,
  "/account/not-me": SecureAccountPage,
  // The alert mails' unsubscribe link: no sign-in, the token in the path is the proof.
  "/unsubscribe/:token": UnsubscribePage,
  "/publisher/dashboard": PublisherDashboardRoute,
  // Onboarding asks a signed-out visitor to log in itself, with its own "Please log in to continue".
  "/publisher/onboarding": PublisherOnboardingPage,
  "/publisher/profile": PublisherProfileRoute,
  // The list puts /buyer/dashboard and /buyer/onboarding before /buyer/:id, which would otherwise take
  // them for ids.
  "/buyer/dashboard": BuyerDashboardRoute,
  "/buyer/onboarding": BuyerOnboardingRoute,
  "/buyer/listings/:id/boost": BoostListingRoute,
  "/buyer/:id": BuyerDetailPage,
  // Admin only
  "/admin/dashboard": AdminDashboardRoute,
  "/admin/publishers": AdminPublishersRoute,
  "/admin/buyers": AdminBuyersRoute,
  "/admin/verifications": AdminVerificationsRoute,
  "/admin/users": AdminUsersRoute,
  "/admin/audit": AdminAuditRoute,
  "/admin/mail": AdminMailRoute,
};

/**
 * Sets the route's document title and description (the not-found page's without a route). Drawn before
 * the page, its effect runs before the page's own, so a page that knows better (the listing's title on
 * the detail page, the filtered directory's) has the last word. Keyed by the path below, so going from
 * one listing to another shows the route's title again until the new one loads.
 */
function RouteHead({ route }: { route: ClientRoute | undefined }) {
  usePageHead(route ? (appName) => routePageHead(route, appName) : notFoundPageHead);
  return null;
}

function Routes() {
  const [location] = useLocation();
  return (
    <Switch>
      {CLIENT_ROUTES.map((route) => {
        const Page = PAGES[route.path];
        return (
          <Route key={route.path} path={route.path}>
            <RouteHead key={location} route={route} />
            <Page />
          </Route>
        );
      })}
      <Route>
        <RouteHead route={undefined} />
        <NotFoundPage />
      </Route>
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
