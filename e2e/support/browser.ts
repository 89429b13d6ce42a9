import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import axe from "axe-core";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { workerBaseURL } from "./base-url";

export interface BrowserHarness {
  baseURL: string;
  browser: Browser;
  /**
   * A new page in a fresh, signed-out context (sign in with useFixtures().signIn), on the worker's server
   * or on `baseURL` (a server the test file started itself).
   */
  newPage(options?: {
    viewport?: { width: number; height: number };
    baseURL?: string;
    /** The browser's time zone (the machine's by default). */
    timezoneId?: string;
  }): Promise<Page>;
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
  harness.newPage = async ({ viewport, baseURL: url = baseURL, timezoneId } = {}) => {
    const context = await harness.browser.newContext({
      baseURL: url,
      viewport: viewport ?? { width: 1280, height: 800 },
      timezoneId,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on("console", (msg) => {
      // With its address: "Failed to load resource" alone does not say which.
      if (msg.type() === "error") {
        const where = msg.location().url;
        consoleErrors.push(where ? `${msg.text()} (${where})` : msg.text());
      }
    });
    page.on("pageerror", (err) => consoleErrors.push(`pageerror: ${err.message}`));
    return page;
  };
  return harness;
}

/**
 * Opens `url` and waits until the app runs on it. A page the server draws (the landing page, the
 * directory, a listing, pricing, the legal pages) shows its content before the browser has hydrated it,
 * and a press or a keystroke before that does nothing; once the app runs it asks who is signed in, on
 * every page, so that answer is the sign. Call it, not `page.goto`, before acting on such a page.
 */
export async function openPage(page: Page, url: string, { signedIn = false } = {}): Promise<void> {
  await page.goto(url);
  // This document's own answer (its resource timing entry is written once the answer is in): a
  // response listener could catch the page before's, still in flight when this one was asked for.
  await page.waitForFunction(() =>
    performance
      .getEntriesByType("resource")
      .some((entry) => new URL(entry.name).pathname === "/api/auth/user"),
  );
  if (!signedIn) return;
  // A server-drawn page is the visitor's until the answer is applied: then the bar shows who is here,
  // and the page's data is read again with the session.
  await expect.poll(() => page.getByRole("link", { name: "Sign In" }).count()).toBe(0);
  await page.waitForLoadState("networkidle");
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  impact: string;
  /** The rule, its help and where it was found: a line of a failure message. */
  text: string;
}

/**
 * axe's violations in the page as it is now, of any impact, except for the rules in `skip`. axe-core is
 * put into each document once and run there directly: @axe-core/playwright's builder injected it anew
 * (twice) on every run, which cost as much as the run. The pages under test have no frames (Stripe's
 * are replaced by a test double). With a dialog open, contrast is checked inside the dialog only: the
 * page behind it lies under the dialog's overlay (axe can only call its text "overlapped", never a
 * violation); the other rules see the whole document (what the dialog hides from screen readers, and
 * what not).
 */
export async function axeViolations(page: Page, skip: readonly string[] = []): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // Judged once its transitions are over: a button's hover colours half faded in are seen by no one for
  // long, and axe measured them so when it ran right after a click. (Endless animations, a loading
  // pulse, are not waited for.)
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
  );
  return page.evaluate(async (skipped) => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const off = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, { enabled: false }]));
    const modal = document.querySelector("[role='dialog'], [role='alertdialog']");
    const results = modal
      ? [
          await axe.run(document, {
            resultTypes: ["violations"],
            rules: off([...skipped, "color-contrast"]),
          }),
          await axe.run(modal, {
            resultTypes: ["violations"],
            runOnly: { type: "rule", values: ["color-contrast"] },
          }),
        ]
      : [await axe.run(document, { resultTypes: ["violations"], rules: off(skipped) })];
    return results.flatMap((r) =>
      r.violations.map((v) => ({
        impact: v.impact ?? "",
        text: `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      })),
    );
  }, skip);
}

/**
 * The rules that can only ever report minor or moderate violations. axe gives every violation its rule's
 * impact, so skipping these changes no answer of the check below, and spares a third of the rules.
 */
const LOW_IMPACT_RULES = (() => {
  const rules = (axe as unknown as { _audit?: { rules?: { id: string; impact?: string }[] } })._audit?.rules;
  if (!rules?.length) throw new Error("axe-core no longer lists its rules' impact: revisit expectAccessible");
  return rules.filter((r) => r.impact === "minor" || r.impact === "moderate").map((r) => r.id);
})();

/** Zero serious or critical axe violations on every page: the accessibility budget in docs/performance.md. */
export async function expectAccessible(page: Page): Promise<void> {
  const serious = (await axeViolations(page, LOW_IMPACT_RULES))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.text);
  expect(serious).toEqual([]);
}
