import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { useAuth } from "../features/auth/use-auth";

// Route table of SPEC §2. Each page is its own chunk (DESIGN.md §3: route-level code splitting).
const LoginPage = lazy(() => import("../pages/login-page"));
const MagicLinkPage = lazy(() => import("../pages/magic-link-page"));
const HomePage = lazy(() => import("../pages/home-page"));
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
  const { isLoading } = useAuth();
  if (isLoading) return <PageFallback />;
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/auth/magic" component={MagicLinkPage} />
        <Route path="/" component={HomePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
