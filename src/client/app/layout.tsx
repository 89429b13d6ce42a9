import { type ReactNode, useEffect } from "react";
import { NavBar } from "../features/shell/nav-bar";
import { SiteFooter } from "../features/shell/site-footer";

/**
 * A link opens its page at the top, as a full page load would (wouter leaves the scroll position as it
 * was). wouter announces its own navigations as "pushState" events; Back and Forward ("popstate") are
 * left to the browser and to pages that restore their place (the browse page).
 */
function useScrollToTopOnNavigate() {
  useEffect(() => {
    const toTop = () => window.scrollTo(0, 0);
    window.addEventListener("pushState", toTop);
    return () => window.removeEventListener("pushState", toTop);
  }, []);
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
      <NavBar />
      {/* Pages bring their own <main>; this wrapper is the skip link's target. */}
      <div id="content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </div>
      <SiteFooter />
    </div>
  );
}
