import type { Page } from "playwright-core";
import { afterEach } from "vitest";
import type { PublisherStatus, Role } from "../../src/shared/constants";
import { SIGNED_IN_HINT_COOKIE } from "../../src/shared/page-render";
import type { Fixture, FixtureListingInput, FixtureRequest } from "../../src/shared/schemas/dev";
import { workerBaseURL } from "./base-url";

// Test data the test owns (the Epic Stack's Playwright fixtures, for Vitest): each test creates the users,
// profiles and listings it needs through the development fixtures API (the server runs on its own
// database, out of the test process's reach), signs in with the session that API returns, and
// everything it created is deleted after the test. No test reads the demo seed's rows or counts.

export interface FixtureUser extends Fixture {
  /** The session cookie the fixtures API answered with: the user is signed in with it. */
  session: { name: string; value: string };
}

export interface UserOptions {
  role?: Role;
  premium?: boolean;
  /** A publisher's review status (default approved). */
  publisherStatus?: PublisherStatus;
  firstName?: string;
  lastName?: string;
  company?: string;
  /** A publisher's website (default: one unique to the fixture, https://TOKEN.example). */
  website?: string;
  /** A verified number for SMS alerts (E.164), with its consent record. */
  smsPhone?: string;
}

export interface Fixtures {
  /** A user of that role (a publisher gets an approved profile, a buyer a company profile). */
  createUser(options?: UserOptions): Promise<FixtureUser>;
  /**
   * A buyer with listings, each titled with the fixture's `token`: search for the token to see exactly
   * these. `n` default listings, or the `listings` given.
   */
  createBuyerWithListings(
    options?: Omit<UserOptions, "role"> &
      Pick<FixtureRequest, "reliabilityScore" | "reviewCount"> & {
        n?: number;
        listings?: FixtureListingInput[];
        dailyCap?: number;
      },
  ): Promise<FixtureUser>;
  /**
   * Signs the page's browser context in as `user` (call before the first navigation). `hinted` also
   * sets the signed-in hint a browser that signed in through the app carries
   * (src/client/features/auth/signed-in-hint.ts): its public pages are then drawn by the app for the
   * member, never first as a visitor's.
   */
  signIn(page: Page, user: FixtureUser, options?: { hinted?: boolean }): Promise<void>;
  /** Grants or ends the user's Premium while the test runs. */
  setPremium(user: FixtureUser, enabled: boolean): Promise<void>;
  /**
   * A request to the API as `user` (their session cookie, our Origin, as the browser sends them), from
   * outside any page; the caller judges the answer.
   */
  fetchAs(user: FixtureUser, method: string, path: string, body?: unknown): Promise<Response>;
}

/**
 * Registers the cleanup hook and returns the fixture makers. Call once per `describe`, beside
 * useBrowser(); `baseURL` names the server when a test file starts its own.
 */
export function useFixtures(baseURL: () => string = workerBaseURL): Fixtures {
  const created: FixtureUser[] = [];

  function request(method: string, path: string, body?: unknown, cookie?: string): Promise<Response> {
    const origin = baseURL();
    return fetch(`${origin}${path}`, {
      method,
      headers: {
        origin,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const res = await request(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
    return res;
  }

  async function create(request: FixtureRequest): Promise<FixtureUser> {
    const res = await call("POST", "/api/dev/fixtures", request);
    const fixture = (await res.json()) as Fixture;
    const [pair] = res.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
    const separator = pair?.indexOf("=") ?? -1;
    if (!pair || separator < 1) throw new Error("the fixtures API answered without a session cookie");
    const user = {
      ...fixture,
      session: { name: pair.slice(0, separator), value: pair.slice(separator + 1) },
    };
    created.push(user);
    return user;
  }

  afterEach(async () => {
    // One after another: two fixtures that dealt with each other share rows (deal intents, reviews), and
    // their deletes cascade through them in opposite orders, which PostgreSQL can end as a deadlock.
    for (const user of created.splice(0)) await call("DELETE", `/api/dev/fixtures/${user.fixtureId}`);
  });

  return {
    createUser: ({ role = "guest", ...rest } = {}) => create({ role, ...rest }),
    createBuyerWithListings: ({ n = 1, listings, ...rest } = {}) =>
      create({ role: "buyer", ...rest, listings: listings ?? Array.from({ length: n }, () => ({})) }),
    async signIn(page, user, { hinted = false } = {}) {
      const cookies = [{ ...user.session, url: baseURL(), httpOnly: true, sameSite: "Lax" as const }];
      if (hinted)
        cookies.push({
          name: SIGNED_IN_HINT_COOKIE,
          value: "1",
          url: baseURL(),
          httpOnly: false,
          sameSite: "Lax",
        });
      await page.context().addCookies(cookies);
    },
    async setPremium(user, enabled) {
      await call("PUT", `/api/dev/fixtures/${user.fixtureId}/premium`, { enabled });
    },
    fetchAs: (user, method, path, body) =>
      request(method, path, body, `${user.session.name}=${user.session.value}`),
  };
}
