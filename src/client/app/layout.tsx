import type { ReactNode } from "react";
import { NavBar } from "../features/shell/nav-bar";
import { SiteFooter } from "../features/shell/site-footer";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <NavBar />
      {/* Pages bring their own <main>; this wrapper is the skip link's target. At least a screen tall
          (less the 4rem nav bar), so the footer starts below the fold: while a page loads it would sit in
          view and then jump down, a layout shift on every page (Lighthouse CLS, issue #12). */}
      <div id="content" tabIndex={-1} className="min-h-[calc(100vh-4rem)] flex-1 outline-none">
        {children}
      </div>
      <SiteFooter />
    </div>
  );
}
