import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/query-client";

/**
 * Renders `ui` as the app's providers would: a fresh query client with the app's settings (no retries,
 * data never stale) and the toaster, so a toast is on screen to be read. `user` types, clicks and
 * presses keys as a person does (focus, pointer and keyboard events in order).
 */
export function renderWithQueryClient(ui: ReactElement, queryClient: QueryClient = createQueryClient()) {
  const user = userEvent.setup();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper: Wrapper }), user, queryClient };
}
