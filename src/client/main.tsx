// First: before any module builds a zod schema (lib/zod-jitless.ts says why).
import "./lib/zod-jitless";
import { StrictMode } from "react";
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
  // Not as a transition: hydration in slices let the answers of the page's first requests land in the
  // middle of it, and React then met markup the client no longer drew (error 418) and drew it again.
  const hydrate = () => hydrateRoot(root, app);
  preloadVisitorPage(url).then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
