// First: before any module builds a zod schema (lib/zod-jitless.ts says why).
import "./lib/zod-jitless";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, preloadVisitorPage } from "./app/app";
import { Providers } from "./app/providers";
import { receiveServerPage } from "./app/server-handover";
import { createQueryClient } from "./lib/query-client";
import "./index.css";

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <App />
    </Providers>
  </StrictMode>
);
const root = document.getElementById("root")!;
const url = `${window.location.pathname}${window.location.search}`;

if (receiveServerPage(queryClient, url)) {
  // The page's chunk first, so that hydration finds every component of the server's markup in place.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (a directory's 24 cards were one 250 ms task on a slow phone); the page is
  // already drawn, and a click meanwhile hydrates its part first.
  const hydrate = () => startTransition(() => void hydrateRoot(root, app));
  preloadVisitorPage(url).then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
