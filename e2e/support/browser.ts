import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { workerBaseURL } from "./base-url";

export interface BrowserHarness {
  baseURL: string;
  browser: Browser;
  /** A new page in a fresh, signed-out context (sign in with useFixtures().signIn). */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  /** Console errors matching these patterns are allowed for the current test only. */
  allowConsoleErrors(...patterns: RegExp[]): void;
}

/** A context per page; fails a test on any unexpected console error. */
export function useBrowser(): BrowserHarness {
  const baseURL = workerBaseURL();
  const contexts: BrowserContext[] = [];
  let consoleErrors: string[] = [];
  let allowed: RegExp[] = [];
  const harness = { baseURL } as BrowserHarness;

  beforeAll(async () => {
    // The run's one Chromium (global setup): connecting costs milliseconds, launching about a second.
    harness.browser = await chromium.connect(inject("browserWSEndpoint"));
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const unexpected = consoleErrors.filter((e) => !allowed.some((pattern) => pattern.test(e)));
    consoleErrors = [];
    allowed = [];
    expect(unexpected, "unexpected console errors in the browser").toEqual([]);
  });
  afterAll(async () => {
    await harness.browser?.close();
  });

  harness.allowConsoleErrors = (...patterns) => {
    allowed.push(...patterns);
  };
  harness.newPage = async ({ viewport } = {}) => {
    const context = await harness.browser.newContext({
      baseURL,
      viewport: viewport ?? { width: 1280, height: 800 },
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(msg.text());
    });
    page.on("pageerror", (err) => consoleErrors.push(`pageerror: ${err.message}`));
    return page;
  };
  return harness;
}

/** Zero serious or critical axe violations on every page: the accessibility budget in docs/performance.md. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}
