import { type ComponentType, Suspense, useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import { notFoundPageHead, routePageHead } from "../../shared/page-head";
import { CLIENT_ROUTES, type ClientRoute, type ClientRoutePath, matchClientRoute } from "../../shared/routes";
import { RequireAdmin, RequireAuth } from "../features/auth/guards";
import { useAuth } from "../features/auth/use-auth";
import { usePageHead } from "../features/shell/use-page-head";
import { Layout } from "./layout";
import { lazyPage } from "./lazy-page";
import { serverPageHydrated } from "./server-handover";

// Pages of the route table, each its own chunk (lazy-page.tsx).
const LoginPage = lazyPage(() => import("../pages/login-page"));
const MagicLinkPage = lazyPage(() => import("../pages/magic-link-page"));
const LandingPage = lazyPage(() => import("../pages/landing-page"));
const HomePage = lazyPage(() => import("../pages/home-page"));
const SignupPage = lazyPage(() => import("../pages/signup-page"));
const PricingPage = lazyPage(() => import("../pages/pricing-page"));
const PrivacyPolicyPage = lazyPage(() => import("../pages/privacy-policy-page"));
const TermsOfServicePage = lazyPage(() => import("../pages/terms-of-service-page"));
const BrowsePage = lazyPage(() => import("../pages/browse-page"));
const ListingPage = lazyPage(() => import("../pages/listing-page"));
const SubscribePage = lazyPage(() => import("../pages/subscribe-page"));
const PublisherDashboardPage = lazyPage(() => import("../pages/publisher-dashboard-page"));
const PublisherOnboardingPage = lazyPage(() => import("../pages/publisher-onboarding-page"));
const PublisherProfilePage = lazyPage(() => import("../pages/publisher-profile-page"));
const BuyerDashboardPage = lazyPage(() => import("../pages/buyer-dashboard-page"));
const BuyerOnboardingPage = lazyPage(() => import("../pages/buyer-onboarding-page"));
const BoostListingPage = lazyPage(() => import("../pages/boost-listing-page"));
const AdminDashboardPage = lazyPage(() => import("../pages/admin-dashboard-page"));
const AdminPublishersPage = lazyPage(() => import("../pages/admin-publishers-page"));
const AdminBuyersPage = lazyPage(() => import("../pages/admin-buyers-page"));
const AdminVerificationsPage = lazyPage(() => import("../pages/admin-verifications-page"));
const AdminUsersPage = lazyPage(() => import("../pages/admin-users-page"));
const AdminAuditPage = lazyPage(() => import("../pages/admin-audit-page"));
const AdminMailPage = lazyPage(() => import("../pages/admin-mail-page"));
const SavedPage = lazyPage(() => import("../pages/saved-page"));
const ComparePage = lazyPage(() => import("../pages/compare-page"));
const UnsubscribePage = lazyPage(() => import("../pages/unsubscribe-page"));
const AccountPage = lazyPage(() => import("../pages/account-page"));
const BillingPortalPage = lazyPage(() => import("../pages/billing-portal-page"));
const ConfirmEmailPage = lazyPage(() => import("../pages/confirm-email-page"));
const UndoEmailPage = lazyPage(() => import("../pages/undo-email-page"));
const SecureAccountPage = lazyPage(() => import("../pages/secure-account-page"));
const DevWebhooksPage = lazyPage(() => import("../pages/dev-webhooks-page"));
const DevSmsPage = lazyPage(() => import("../pages/dev-sms-page"));
const NotFoundPage = lazyPage(() => import("../pages/not-found-page"));

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
const BillingPortalRoute = signedIn(BillingPortalPage);
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
  "/listings/:id": ListingPage,
  "/pricing": PricingPage,
  // Anyone may open a shared comparison; the server masks contacts as everywhere.
  "/compare": ComparePage,
  // Signed in. /subscribe checks sign-in itself: it has its own "Login Required" toast, not the generic one.
  "/subscribe": SubscribePage,
  "/saved": SavedRoute,
  "/account": AccountRoute,
  "/billing/portal/:session": BillingPortalRoute,
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
  "/buyer/dashboard": BuyerDashboardRoute,
  "/buyer/onboarding": BuyerOnboardingRoute,
  "/buyer/listings/:id/boost": BoostListingRoute,
  // Admin only
  "/admin/dashboard": AdminDashboardRoute,
  "/admin/publishers": AdminPublishersRoute,
  "/admin/buyers": AdminBuyersRoute,
  "/admin/verifications": AdminVerificationsRoute,
  "/admin/users": AdminUsersRoute,
  "/admin/audit": AdminAuditRoute,
  "/admin/mail": AdminMailRoute,
  // Development tools: no sign-in (the server answers only this machine, and only in development).
  "/dev/webhooks": DevWebhooksPage,
  "/dev/sms": DevSmsPage,
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

/**
 * Loads the page a signed-out visitor sees at `url` (the landing page at "/"): the one the server
 * draws, so the browser has it in place before it hydrates the server's markup.
 */
export function preloadVisitorPage(url: string): Promise<void> {
  const route = matchClientRoute(url);
  if (!route) return NotFoundPage.preload();
  if (route.path === "/") return LandingPage.preload();
  const page: ComponentType & { preload?: () => Promise<void> } = PAGES[route.path as ClientRoutePath];
  return page.preload ? page.preload() : Promise.resolve();
}

/** Inside the page's Suspense boundary: its effect runs once the page itself has hydrated (or drawn). */
function AfterPageHydrated() {
  useEffect(() => serverPageHydrated(), []);
  return null;
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
          <AfterPageHydrated />
        </Suspense>
      )}
    </Layout>
  );
}
