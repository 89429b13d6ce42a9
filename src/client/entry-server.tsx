import { dehydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { jsonForScript, type PageRenderer } from "../shared/page-render";
import { App, preloadVisitorPage } from "./app/app";
import { Providers } from "./app/providers";
import { pageModuleFor, pageReadsFor, seedPageData } from "./app/server-pages";
import { AUTH_USER_KEY } from "./features/auth/use-auth";
import { createQueryClient } from "./lib/query-client";

// The server's way into the app (built by Vite beside the client, loaded by the server at start-up:
// src/server/features/seo/page-shell.ts). It draws a public page as a signed-out visitor sees it, from
// the answers the server read for it, and hands those answers over as the browser's first query data
// (main.tsx hydrates both).

export const pageRenderer: PageRenderer = {
  readsFor: pageReadsFor,
  async render(url, results) {
    await preloadVisitorPage(url);
    const queryClient = createQueryClient();
    seedPageData(queryClient, results);
    // Pages read no session: the page is the visitor's, and the browser asks who is there once it runs.
    queryClient.setQueryData(AUTH_USER_KEY, null);
    const html = renderToString(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <Router ssrPath={url}>
            <App />
          </Router>
        </Providers>
      </StrictMode>,
    );
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.state.status === "success" && query.queryKey[0] !== AUTH_USER_KEY[0],
    });
    queryClient.clear();
    return { html, module: pageModuleFor(url), state: jsonForScript(state) };
  },
};
