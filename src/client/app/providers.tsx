import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useToasts } from "../components/ui/use-toast";
import { watchSessionExpiry } from "../features/auth/session-expiry";
import { watchSignedInHint } from "../features/auth/signed-in-hint";

// The toast UI (Radix) is not needed to paint a page, so it stays out of the initial JavaScript
// (its size budget: docs/performance.md) and loads once the browser is idle, or at once if a toast is
// raised before that.
// `toast()` itself lives in the light use-toast store, so callers never wait for it.
const Toaster = lazy(() => import("../components/ui/toaster").then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const hasToasts = useToasts().length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  if (!idle && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** The app's providers around `children`, with the query cache the entry made (and filled, for a drawn page). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => watchSessionExpiry(queryClient), [queryClient]);
  useEffect(() => watchSignedInHint(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
