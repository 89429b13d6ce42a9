import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, sessions, users } from "../../db/schema";
import { sessionCookie, TEST_APP_URL, type TestContext, useTestApp } from "../../test/context";
import { sendQueuedMail } from "../../test/factories";
import { followToCallback, startOidcProvider, type TestOidcProvider } from "../../test/oidc-provider";
import { OIDC_CALLBACK_PATH } from "./oidc";

const CALLBACK = `${TEST_APP_URL}${OIDC_CALLBACK_PATH}`;
let provider: TestOidcProvider;
// The provider reads this object at each sign-in, so a test can change what it asserts about the user.
const account = { email: "Olive@Example.test", givenName: "Olive", familyName: "Ide", emailVerified: true };

// The provider must exist before the app reads its configuration, so it starts at module load.
beforeAll(async () => {
  provider ??= await startOidcProvider({
    redirectUri: CALLBACK,
    account,
  });
  Object.assign(env, {
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
});
afterAll(async () => {
  await provider?.close();
});
const env: Record<string, string> = {};

async function startLogin(ctx: TestContext) {
  const login = await ctx.app.inject({ url: "/api/login?returnTo=%2Fbrowse" });
  expect(login.statusCode).toBe(302);
  const location = new URL(login.headers.location as string);
  expect(location.origin).toBe(provider.issuer);
  expect(location.searchParams.get("code_challenge_method")).toBe("S256");
  expect(location.searchParams.get("state")).toBeTruthy();
  expect(location.searchParams.get("nonce")).toBeTruthy();
  return { cookie: sessionCookie(login), providerUrl: location.href };
}

describe("sign-in with OpenID Connect", () => {
  const ctx = useTestApp({ env });

  it("signs the user in by verified email and returns them where they were", async () => {
    const { cookie, providerUrl } = await startLogin(ctx);
    const callbackUrl = await followToCallback(providerUrl, CALLBACK);
    const callback = await ctx.app.inject({
      url: callbackUrl.replace(TEST_APP_URL, ""),
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/browse");
    const signedIn = sessionCookie(callback);
    expect(signedIn).not.toBe(cookie); // new session id at login

    const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: signedIn } });
    expect(me.json()).toMatchObject({
      email: "olive@example.test",
      firstName: "Olive",
      lastName: "Ide",
      role: "guest",
    });
  });

  it("records the sign-in as the provider's, and alerts the owner when a new browser signs in", async () => {
    const signInThroughProvider = async (device?: string) => {
      const { cookie, providerUrl } = await startLogin(ctx);
      const callbackUrl = await followToCallback(providerUrl, CALLBACK);
      const callback = await ctx.app.inject({
        url: callbackUrl.replace(TEST_APP_URL, ""),
        headers: { cookie: device ? `${cookie}; ppc.device=${device}` : cookie },
      });
      expect(callback.statusCode).toBe(302);
      return callback.cookies.find((c) => c.name === "ppc.device")?.value;
    };
    const alerts = async () => {
      await sendQueuedMail(ctx);
      const sent = await ctx.database.db.select().from(mailOutbox);
      return sent.filter((m) => m.to === "olive@example.test" && m.subject.startsWith("New sign-in"));
    };

    const device = await signInThroughProvider();
    expect(device).toBeDefined();
    const [row] = await ctx.database.db.select().from(sessions);
    expect(row).toMatchObject({ signInMethod: "oidc", userId: expect.any(String) });
    expect(await alerts()).toEqual([]);
    await signInThroughProvider(device);
    expect(await alerts()).toEqual([]);
    await signInThroughProvider();
    const [alert] = await alerts();
    expect(alert?.text).toContain("Signed in with: your sign-in provider");
    expect(alert?.text).toContain(`${TEST_APP_URL}/account/not-me?token=`);
  });

  it("refuses an account an admin disabled, with a clear message and no session", async () => {
    await ctx.database.db.insert(users).values({ email: "olive@example.test", disabledAt: new Date() });
    const { cookie, providerUrl } = await startLogin(ctx);
    const callbackUrl = await followToCallback(providerUrl, CALLBACK);
    const callback = await ctx.app.inject({
      url: callbackUrl.replace(TEST_APP_URL, ""),
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(403);
    expect(callback.json()).toEqual({
      message: "This account has been disabled. Contact support if you think this is a mistake.",
      code: "forbidden",
    });
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows.filter((r) => (r.sess as { userId?: string }).userId)).toHaveLength(0);
  });

  it("creates no session and no user when the state was tampered with", async () => {
    const { cookie, providerUrl } = await startLogin(ctx);
    const callbackUrl = new URL(await followToCallback(providerUrl, CALLBACK));
    callbackUrl.searchParams.set("state", "forged-state");
    const callback = await ctx.app.inject({
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(400);
    expect(callback.json()).toEqual({ message: "Sign-in failed. Please try again.", code: "validation" });
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows.filter((r) => (r.sess as { userId?: string }).userId)).toHaveLength(0);
  });

  it("refuses a callback that no login started", async () => {
    const { providerUrl } = await startLogin(ctx);
    const callbackUrl = new URL(await followToCallback(providerUrl, CALLBACK));
    const callback = await ctx.app.inject({ url: `${callbackUrl.pathname}${callbackUrl.search}` });
    expect(callback.statusCode).toBe(400);
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it("refuses an email the provider has not verified, creating no user", async () => {
    account.emailVerified = false;
    try {
      const { cookie, providerUrl } = await startLogin(ctx);
      const callbackUrl = new URL(await followToCallback(providerUrl, CALLBACK));
      const callback = await ctx.app.inject({
        url: `${callbackUrl.pathname}${callbackUrl.search}`,
        headers: { cookie },
      });
      expect(callback.statusCode).toBe(403);
      expect(callback.json()).toEqual({
        message: "Your identity provider did not confirm your email address.",
        code: "forbidden",
      });
      expect(await ctx.database.db.select().from(users)).toHaveLength(0);
    } finally {
      account.emailVerified = true;
    }
  });
});
