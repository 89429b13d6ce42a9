import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLIENT_ROUTES } from "../src/shared/routes";
import { useBrowser } from "./support/browser";
import { type FixtureUser, useFixtures } from "./support/fixtures";

// Every page of the router, as every kind of user, on the two narrowest phones we support: nothing may
// stick out past the screen's edge (a sideways scroll on a phone hides half of every line), and axe
// finds nothing at any impact. One browser, one tab per role and width, reused from page to page.

const WIDTHS = [320, 375] as const;
const ROLES = [
  "visitor",
  "guest",
  "free publisher",
  "premium publisher",
  "pending publisher",
  "buyer",
  "admin",
];
type RoleName = (typeof ROLES)[number];

/** The main dialogs, opened where a user of that role meets them: by the button's name, on that page. */
const DIALOGS: { role: RoleName; path: string; button: RegExp }[] = [
  { role: "free publisher", path: "/browse", button: /^Upgrade to see contact/ },
  { role: "buyer", path: "/buyer/dashboard", button: /^Create Listing$/ },
  { role: "admin", path: "/admin/buyers", button: /^Add listing$/ },
  { role: "admin", path: "/admin/buyers", button: /^Import CSV$/ },
  { role: "premium publisher", path: "/account", button: /^Create key$/ },
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
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== "visible") return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      // Drawn for screen readers only (the skip link until it takes focus): clipped to nothing.
      if (style.clip !== "auto" || style.clipPath !== "none") continue;
      if ((rect.right > width + 0.5 || rect.left < -0.5) && !clipped(el)) found.push(describe(el));
      // A label that spills out of its own button (a squeezed button of fixed height whose label wraps)
      // is drawn across the button's border, even where the page itself does not scroll.
      else if (
        el.matches("button, a[class*='h-']") &&
        (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      )
        found.push(
          `${describe(el)} label ${el.scrollWidth}x${el.scrollHeight} > box ${el.clientWidth}x${el.clientHeight}`,
        );
    }
    if (document.documentElement.scrollWidth > width)
      found.push(`document scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    return found;
  });
}

async function axeViolations(page: Page): Promise<string[]> {
  const run = () =>
    new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ["violations"] })
      .analyze();
  // A page that moves on by itself (a sign-in page sending a signed-in user home) can leave between
  // axe's injection and its run: judge the page it arrives at.
  const results = await run().catch(async () => {
    await settled(page);
    return run();
  });
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** Waits until the page has drawn its data: no loading notice, no skeleton. */
async function settled(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    () =>
      document.querySelector("#content") !== null &&
      !document.querySelector(".animate-pulse, [aria-busy='true']") &&
      !/Loading…|Checking/.test(document.querySelector("#content")?.textContent ?? ""),
    undefined,
    { timeout: 15_000 },
  );
}

describe("every page at 320 and 375 px", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("fits the screen and has no axe violations, for every role", async () => {
    harness.allowConsoleErrors(NOT_FOUND_LOAD);
    const buyer = await fixtures.createBuyerWithListings({ n: 2 });
    const users: Record<RoleName, FixtureUser | null> = {
      visitor: null,
      guest: await fixtures.createUser({ firstName: "Guestina", lastName: "Longname-Withmanyletters" }),
      "free publisher": await fixtures.createUser({ role: "publisher" }),
      "premium publisher": await fixtures.createUser({ role: "publisher", premium: true }),
      "pending publisher": await fixtures.createUser({ role: "publisher", publisherStatus: "pending" }),
      buyer,
      admin: await fixtures.createUser({ role: "admin" }),
    };
    const listingId = buyer.listings[0]!.id;
    const paths = CLIENT_ROUTES.map(({ path }) =>
      path
        .replace(":id/boost", `${listingId}/boost`)
        .replace(":id", listingId)
        .replace(":token", "not-a-real-token")
        .replace(/^\/account\/(email\/confirm|email\/undo|not-me)$/, "$&?token=not-a-real-token"),
    ).concat(TABS);

    const problems: string[] = [];
    const started = Date.now();
    const seen = new Set<string>();
    /** One tab per role, each walking every page; each page is judged at both widths without reloading. */
    async function walk(role: RoleName) {
      const page = await harness.newPage({ viewport: { width: WIDTHS[0], height: 740 } });
      const user = users[role];
      if (user) await fixtures.signIn(page, user);
      // The guest meets the one-time welcome dialog on their first page (judged there); the others not.
      if (role !== "guest")
        await page.addInitScript(() => localStorage.setItem("welcome-dialog-dismissed", "true"));
      const judge = async (where: string): Promise<void> => {
        const found = await findProblems(where).catch(async () => {
          await settled(page);
          return findProblems(where);
        });
        if (process.env.WALK_LOG) for (const f of found) console.log(`PROBLEM ${f}`);
        problems.push(...found);
      };
      // A page that moves on by itself (a guard sending the user home) can leave while it is judged.
      const findProblems = async (where: string) => [
        ...(await overflowingElements(page)).map((o) => `${where}: overflow: ${o}`),
        ...(await axeViolations(page)).map((v) => `${where}: axe: ${v}`),
      ];
      for (const path of paths) {
        await page.setViewportSize({ width: WIDTHS[0], height: 740 });
        // A signed-out visitor on a signed-in page is sent on to sign in: judge the page they arrive at.
        await page.goto(path).catch(() => page.waitForLoadState("load"));
        await settled(page);
        // A guard's notice ("You are logged out", "Admin access required") is followed by a move to the
        // sign-in or home page: judge where the user ends up.
        if (await page.locator("li[data-state='open']").count()) {
          const before = page.url();
          await page.waitForURL((url) => url.href !== before, { timeout: 3000 }).catch(() => undefined);
          await settled(page);
        }
        // Several roles land on the same screen (a signed-out visitor's sign-in page, a guard's notice):
        // judged once. The key is what a user would tell apart: the address and the headings.
        const key = await page.evaluate(
          () =>
            `${location.pathname} ${[...document.querySelectorAll("h1,h2,h3,nav a")].map((h) => h.textContent).join("|")}`,
        );
        const dialogs = DIALOGS.filter((d) => d.role === role && d.path === path);
        if (seen.has(key) && !dialogs.length) continue;
        seen.add(key);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 740 });
          const where = `${role} at ${width} px on ${path} (${new URL(page.url()).pathname})`;
          await judge(where);
          if (role === "guest" && path === "/") await page.keyboard.press("Escape");
          for (const { button } of dialogs) {
            await page.getByRole("button", { name: button }).first().click();
            await page.getByRole("dialog").waitFor();
            await settled(page);
            await judge(`${where} with the dialog of ${button}`);
            await page.keyboard.press("Escape");
            await page.getByRole("dialog").waitFor({ state: "detached" });
          }
          if (process.env.WALK_LOG) console.log(where, Date.now() - started, problems.length);
        }
      }
    }
    // Two tabs at a time: the machine has two cores, and axe's work is the browser's.
    const queue = [...ROLES];
    const worker = async () => {
      for (let role = queue.shift(); role; role = queue.shift()) await walk(role);
    };
    await Promise.all([worker(), worker()]);
    if (process.env.WALK_LOG) console.log(problems.join("\n"));
    expect(problems).toEqual([]);
  }, 1_200_000);
});
