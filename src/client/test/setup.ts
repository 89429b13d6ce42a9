// Before any schema is built, as in the browser (main.tsx): zod parses without compiled code there.
import "../lib/zod-jitless";
import { act, cleanup, configure, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { dismissToast, useToasts } from "../components/ui/use-toast";
import { fakeApi, takeUnansweredCalls } from "./fake-api";

// Every component test starts from an empty page, no toast, and an API that answers nothing: a test
// whose screen calls the API answers those calls with fakeApi(), and any call it left unanswered fails it.
// So does anything React or a library reports on console.error (an update outside act, a missing
// dialog title, a bad prop), as it does in the browser tests.

// findBy and waitFor give up after 5 s rather than 1: a passing test never waits that long, and a
// 2-core machine running other suites beside this one can take more than a second to render a dialog.
configure({ asyncUtilTimeout: 5000 });

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  fakeApi();
});

/** The toast store outlives a test's render: close what a test left open, so the next starts with none. */
function closeToasts() {
  const { result, unmount } = renderHook(() => useToasts());
  act(() => {
    for (const item of result.current) if (item.open) dismissToast(item.id);
  });
  unmount();
}

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const unanswered = takeUnansweredCalls();
  const errors = consoleErrors;
  if (unanswered.length > 0) throw new Error(`API calls the test did not answer: ${unanswered.join(", ")}`);
  if (errors.length > 0) {
    throw new Error(`console.error during the test:\n${errors.map((args) => args.join(" ")).join("\n")}`);
  }
});
