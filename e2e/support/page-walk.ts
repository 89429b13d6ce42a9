import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLIENT_ROUTES } from "../../src/shared/routes";
import { axeViolations, useBrowser } from "./browser";
import { type FixtureUser, useFixtures } from "./fixtures";

// Every page of the router, as every kind of user, on the two narrowest phones we support: nothing may
// stick out past the screen's edge (a sideways scroll on a phone hides half of every line), and axe
// finds nothing at any impact. Each role walks in a tab of its own, moving from page to page as the app
// itself does (client-side), and judges each screen it lands on at both widths, turning the phone rather
// than loading the page twice.

const WALK_ROLES = [
  "visitor",
  "guest",
  "free publisher",
  "premium publisher",
  "pending publisher",
  "buyer",
  "admin",
] as const;
export type WalkRole = (typeof WALK_ROLES)[number];

const WIDTHS = [320, 375] as const;
const HEIGHT = 740;

/** The main dialogs, opened where a user of that role meets them: by the button's name, on that page. */
const DIALOGS: { role: WalkRole; path: string; button: RegExp }[] = [
  { role: "free publisher", path: "/browse", button: /^Upgrade to see contact/ },
  { role: "premium publisher", path: "/listings/:id", button: /^Request Deal$/ },
  { role: "premium publisher", path: "/account", button: /^Create key$/ },
  { role: "buyer", path: "/buyer/dashboard", button: /^Create Listing$/ },
  { role: "admin", path: "/admin/buyers", button: /^Add listing$/ },
  { role: "admin", path: "/admin/buyers", button: /^Import CSV$/ },
  // The walk's own applicant is in the queue, whatever other tests left in it.
  { role: "admin", path: "/admin/publishers", button: /^Details: / },
  { role: "admin", path: "/admin/publishers", button: /^Approve / },
  { role: "admin", path: "/admin/publishers", button: /^Reject / },
];

/** The dashboards' tabs (each in the URL): pages of their own to a user. */
const TABS = [
  ...["profile", "verification", "deal-intents", "reviews", "disputes", "analytics"].map(
    (tab) => `/buyer/dashboard?tab=${tab}`,
  ),
  ...["alerts", "deals", "reviews", "disputes"].map((tab) => `/publisher/dashboard?tab=${tab}`),
];

// Chromium logs a page answered with 404 (an unknown token, another buyer's listing) as a failed load.
const NOT_FOUND_LOAD = /Failed to load resource: the server responded with a status of 40[34]/;

/** An open dialog: a form's, or a confirmation's (an alert dialog). */
const dialog = (page: Page) => page.locator("[role='dialog'], [role='alertdialog']");

/** What fills a route's parameters: real rows of the walk's fixtures. */
interface RouteValues {
  listingId: string;
  otherListingId: string;
  unsubscribePath: string;
}

/**
 * A concrete address for each route. A route that takes what this does not know fails here, so a new
 * route is walked with real values rather than skipped.
 */
function concretePath(path: string, values: RouteValues): string {
  switch (path) {
    case "/listings/:id":
      return `/listings/${values.listingId}`;
    case "/buyer/listings/:id/boost":
      return `/buyer/listings/${values.listingId}/boost`;
    case "/unsubscribe/:token":
      return values.unsubscribePath;
    // The simulated billing portal's page: an unknown session shows what an ended one does.
    case "/billing/portal/:session":
      return "/billing/portal/bps_not_a_real_session";
    case "/compare":
      return `/compare?ids=${values.listingId},${values.otherListingId}`;
    // The mails' one-time links: the page asks before it spends the token, so any token shows it.
    case "/auth/magic":
    case "/account/email/confirm":
    case "/account/email/undo":
    case "/account/not-me":
      return `${path}?token=not-a-real-token`;
  }
  if (path.includes(":")) throw new Error(`the page walk has no value for ${path}`);
  return path;
}

/** The elements that reach past the viewport's edges (those inside a scrolling or clipping box excepted). */
function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls =
        typeof el.className === "string" && el.className
          ? `.${el.className.trim().split(/\s+/).join(".")}`
          : "";
      const text = (el.textContent ?? "").trim().slice(0, 40);
      const rect = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}${id}${cls} "${text}" (left ${Math.round(rect.left)}, width ${Math.round(rect.width)}, right ${Math.round(rect.right)} > ${width})`;
    };
    /**
     * Inside a box that clips or scrolls sideways. An absolutely placed element is clipped only by a box
     * that holds its containing block (its nearest positioned ancestor), a fixed one by none: a scroller
     * that is not positioned lets them out, and they widen the page.
     */
    const clipped = (el: Element): boolean => {
      const { position } = getComputedStyle(el);
      if (position === "fixed") return false;
      let holder: Element | null = null;
      if (position === "absolute") {
        for (let p = el.parentElement; p && !holder; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (style.position !== "static" || style.transform !== "none" || style.filter !== "none")
            holder = p;
        }
        if (!holder) return false;
      }
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX === "visible") continue;
        if (!holder || p === holder || p.contains(holder)) return true;
      }
      return false;
    };
    const found: string[] = [];
    /** Out of sight but still taking room: they widen the page only if positioned outside any clip. */
    const unseen: string[] = [];
    // Styles are read only for the few elements that reach out: reading them for every element of a
    // long page costs more than the rest of the check.
    for (const el of document.body.querySelectorAll("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right > width + 0.5 || rect.left < -0.5) {
        const style = getComputedStyle(el);
        const isClipped = clipped(el);
        // Drawn for screen readers only (the skip link until it takes focus): clipped to nothing.
        if (style.clip !== "auto" || style.clipPath !== "none") {
          if (!isClipped && rect.right > width + 0.5) unseen.push(describe(el));
          continue;
        }
        if (!isClipped) {
          found.push(describe(el));
          continue;
        }
      }
      // A label that spills out of its own button (a squeezed button of fixed height whose label wraps)
      // is drawn across the button's border, even where the page itself does not scroll.
      if (
        el.matches("button, a[class*='h-']") &&
        (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      )
        found.push(
          `${describe(el)} label ${el.scrollWidth}x${el.scrollHeight} > box ${el.clientWidth}x${el.clientHeight}`,
        );
    }
    if (document.documentElement.scrollWidth > width)
      found.push(
        `document scrolls sideways: ${document.documentElement.scrollWidth} > ${width}${found.length ? "" : `, out of sight: ${unseen.join(", ")}`}`,
      );
    return found;
  });
}

/**
 * Counts the app's requests until their answers are read: the one fetch helper reads every body it
 * asks for, and a query that draws nothing until it has its data (the sign-in page's demo accounts)
 * is only done once the body is in.
 */
function trackRequests() {
  let pending = 0;
  const finish = () => {
    pending -= 1;
  };
  const fetch = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof window.fetch>) => {
    pending += 1;
    let response: Response;
    try {
      response = await fetch(...args);
    } catch (error) {
      finish();
      throw error;
    }
    if (!response.body) {
      finish();
      return response;
    }
    for (const method of ["json", "text"] as const) {
      const read = response[method].bind(response);
      response[method] = () => read().finally(finish);
    }
    return response;
  };
  Object.defineProperty(window, "__walkPendingRequests", { get: () => pending });
}

let settles = 0;

/**
 * Waits until the page is the one the user ends up on, drawn with its data: no request in flight, no
 * spoken loading label ("Loading your profile…"), skeleton or spinner, fonts in, and no page announcing
 * that it moves on (a guard's notice before the sign-in page: `data-redirecting`); all of it on two
 * checks in a row, so that an answer just read has been drawn. A redirect is followed, full navigations
 * included. Checked every 25 ms rather than every frame: seven tabs reading their pages at 60 frames a
 * second took a core of their own.
 */
async function settle(page: Page): Promise<void> {
  settles += 1;
  await page.waitForFunction(
    (call) => {
      const w = window as unknown as {
        __walkPendingRequests?: number;
        __walkSettle?: { call: number; readyChecks: number };
      };
      if (w.__walkSettle?.call !== call) w.__walkSettle = { call, readyChecks: 0 };
      const ready =
        document.readyState === "complete" &&
        document.fonts.status === "loaded" &&
        w.__walkPendingRequests === 0 &&
        document.querySelector("#content") !== null &&
        !document.querySelector("[data-redirecting], [aria-busy='true'], .animate-pulse, .animate-spin") &&
        ![...document.querySelectorAll("[role='status']")].some((s) => s.textContent?.trim().endsWith("…"));
      w.__walkSettle.readyChecks = ready ? w.__walkSettle.readyChecks + 1 : 0;
      return w.__walkSettle.readyChecks >= 2;
    },
    settles,
    { timeout: 30_000, polling: 25 },
  );
}

/** Where the user is, as a screen: the sign-in page's return address changes nothing on it. */
function screenOf(page: Page): string {
  const url = new URL(page.url());
  url.searchParams.delete("returnTo");
  return `${url.pathname}${url.search}`;
}

/**
 * Goes to `path` the way a link in the app does (wouter follows history.pushState), or loads it when the
 * app is not open yet; then waits for where the user ends up.
 */
async function visit(page: Page, path: string): Promise<void> {
  if (page.url() === "about:blank") await page.goto(path);
  else await page.evaluate((to) => history.pushState(null, "", to), path);
  await settle(page);
}

/**
 * Holds the notices just given (a guard's "Access denied" on the page it sent the user to) open while
 * the screen is judged: focus inside the notices' region stops their timers, as it does for a keyboard
 * user. Their texts are part of what the user sees.
 */
function holdNotices(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const open = [...document.querySelectorAll<HTMLElement>("li[data-state='open']")];
    open[0]?.querySelector("button")?.focus();
    return open.map((notice) => notice.innerText.replace(/\s+/g, " ").trim());
  });
}

/** Closes the notices with their Close buttons, so none lingers into the next screen. */
async function closeNotices(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const close of document.querySelectorAll<HTMLElement>("li[data-state='open'] button")) close.click();
  });
  await page.waitForFunction(() => !document.querySelector("li[data-state='open']"));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/**
 * One role's walk: every route and tab, each screen it lands on judged at both widths (with the main
 * dialogs of that role opened there) unless judged already. Buttons are pressed from the keyboard, so
 * no pointer hovers over the screens judged after.
 */
async function walk(page: Page, role: WalkRole, values: RouteValues, judgedMarkup: Set<string>) {
  const problems: string[] = [];
  const log = process.env.WALK_LOG ? (line: string) => console.log(line) : () => {};
  const started = Date.now();
  let judged = 0;

  const judge = async (where: string) => {
    // The same markup at the same width has the same layout and the same violations: a dashboard tab
    // that shows a guest what its dashboard shows them, a page two roles see alike.
    const markup = await page.evaluate(async () => {
      const text = `${window.innerWidth} ${document.body.outerHTML}`;
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
      return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    });
    if (judgedMarkup.has(markup)) return;
    judgedMarkup.add(markup);
    const overflow = await overflowingElements(page);
    const axe = (await axeViolations(page)).map((v) => v.text);
    const found = [
      ...overflow.map((o) => `${where}: overflow: ${o}`),
      ...axe.map((v) => `${where}: axe: ${v}`),
    ];
    judged += 1;
    log(`${where} (${Date.now() - started} ms)${found.map((f) => `\n  ${f}`).join("")}`);
    problems.push(...found);
  };

  /** Brings the page to `width` (a phone turned, a smaller one) and waits for what that redraws. */
  const atWidth = async (width: number, landed: string, path: string) => {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
    }
    // A page that moved on after all is a walk that judged the wrong screen: say so, do not guess.
    expect(screenOf(page), `${role} at ${width} px on ${path}`).toBe(landed);
  };

  const seen = new Set<string>();
  const routes = CLIENT_ROUTES.map(({ path }) => ({ route: path, path: concretePath(path, values) }));
  const pages = [...routes, ...TABS.map((tab) => ({ route: tab, path: tab }))];
  for (const { route, path } of pages) {
    await visit(page, path);
    const landed = screenOf(page);
    const notices = await holdNotices(page);
    const screen = [landed, ...notices.map((n) => `with the notice "${n}"`)].join(" ");
    const dialogs = DIALOGS.filter((d) => d.role === role && d.path === route);
    // Several addresses end on one screen (a signed-out visitor's sign-in page): judged once.
    if (!seen.has(screen) || dialogs.length) {
      seen.add(screen);
      // The one dialog that opens by itself (the welcome on a signed-in user's first visit home) is
      // judged open, then closed as the user would, and the page judged again.
      if ((await dialog(page).count()) > 0) {
        for (const width of WIDTHS) {
          await atWidth(width, landed, path);
          await judge(`${role} at ${width} px on ${path}: ${screen} with the dialog that opened by itself`);
        }
        await page.keyboard.press("Escape");
        await dialog(page).waitFor({ state: "detached" });
      }
      for (const width of WIDTHS) {
        await atWidth(width, landed, path);
        const where = `${role} at ${width} px on ${path}: ${screen}`;
        await judge(where);
        for (const { button } of dialogs) {
          await page.getByRole("button", { name: button }).first().press("Enter");
          await dialog(page).waitFor();
          await settle(page);
          await judge(`${where} with the dialog of ${button}`);
          await page.keyboard.press("Escape");
          await dialog(page).waitFor({ state: "detached" });
        }
      }
      expect(screenOf(page), `${role} on ${path}`).toBe(landed);
    }
    if (notices.length) await closeNotices(page);
  }
  log(`${role} at 320 and 375 px: ${judged} screens judged in ${Date.now() - started} ms`);
  return problems;
}

/**
 * One test walking `roles` side by side, a tab each: the role's user (and a buyer whose listings the
 * others open, and an applicant in the admin's queue) made fresh, then every route and tab at both
 * widths. Files hold a few roles each, so the workers share them.
 */
export function walkPages(roles: readonly WalkRole[]) {
  describe("every page at 320 and 375 px", () => {
    const harness = useBrowser();
    const fixtures = useFixtures();

    const users: Record<WalkRole, () => Promise<FixtureUser | null>> = {
      visitor: async () => null,
      // A long name: the greeting and the avatar's menu must wrap it, not widen the page.
      guest: () => fixtures.createUser({ firstName: "Guestina", lastName: "Longname-Withmanyletters" }),
      "free publisher": () => fixtures.createUser({ role: "publisher" }),
      "premium publisher": () => fixtures.createUser({ role: "publisher", premium: true }),
      "pending publisher": () => fixtures.createUser({ role: "publisher", publisherStatus: "pending" }),
      buyer: () => fixtures.createBuyerWithListings({ n: 2 }),
      admin: () => fixtures.createUser({ role: "admin" }),
    };

    it(`fits the screen and has no axe violations, as a ${roles.join(", a ")}`, async () => {
      harness.allowConsoleErrors(NOT_FOUND_LOAD);
      // Every row first: no walk sees another's rows appear halfway (the admin's lists).
      const other = await fixtures.createBuyerWithListings({ n: 2 });
      await fixtures.createUser({ role: "publisher", publisherStatus: "pending" });
      const walkers: { role: WalkRole; user: FixtureUser | null }[] = [];
      for (const role of roles) walkers.push({ role, user: await users[role]() });

      const judgedMarkup = new Set<string>();
      const walks = walkers.map(async ({ role, user }) => {
        // A buyer walks their own listing's pages (the boost page is theirs); everyone else another's.
        const listings = (user?.listings.length ? user : other).listings;
        const values: RouteValues = {
          listingId: listings[0]!.id,
          otherListingId: listings[1]!.id,
          unsubscribePath: (user ?? other).unsubscribePath,
        };
        const page = await harness.newPage({ viewport: { width: WIDTHS[0], height: HEIGHT } });
        await page.addInitScript(trackRequests);
        if (user) {
          // Hinted, as a browser that signed in through the app is (server-drawn-pages.e2e.ts walks in
          // unhinted).
          await fixtures.signIn(page, user, { hinted: true });
        }
        return walk(page, role, values, judgedMarkup);
      });
      const problems = (await Promise.all(walks)).flat();
      if (process.env.WALK_LOG) console.log(`${roles.join(", ")}: ${judgedMarkup.size} screens judged`);
      expect(problems).toEqual([]);
    }, 600_000);
  });
}
