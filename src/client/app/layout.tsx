import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useLocation } from "wouter";
import { NavBar } from "../features/shell/nav-bar";
import { SimulatedPaymentsBanner } from "../features/shell/simulated-payments-banner";
import { SiteFooter } from "../features/shell/site-footer";

// Back and Forward ("popstate") are left to the browser and to pages that restore their own place (the
// browse page); wouter announces its own navigations as "pushState". Listened to from module load, so
// the flag is set before wouter's own listeners re-render the page.
let isHistoryTraversal = false;
if (typeof window !== "undefined") {
  window.addEventListener("popstate", () => {
    isHistoryTraversal = true;
  });
  window.addEventListener("pushState", () => {
    isHistoryTraversal = false;
  });
}

/**
 * A link to another page opens it at the top, as a full page load would (wouter leaves the scroll
 * position as it was). A layout effect, so it runs before the new page's effects, which may scroll to a
 * remembered place of their own.
 */
function useScrollToTopOnNavigate() {
  const [path] = useLocation();
  const previous = useRef(path);
  useLayoutEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    if (!isHistoryTraversal) window.scrollTo(0, 0);
  }, [path]);
}

export function Layout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <SimulatedPaymentsBanner />
      <NavBar />
      {/* Pages bring their own <main>; this wrapper is the skip link's target. At least a screen tall
          (less the 4rem nav bar), so the footer starts below the fold: while a page loads it would sit in
          view and then jump down, a layout shift on every page (Lighthouse's CLS metric). */}
      <div id="content" tabIndex={-1} className="min-h-[calc(100vh-4rem)] flex-1 outline-none">
        {children}
      </div>
      <SiteFooter />
    </div>
  );
}
