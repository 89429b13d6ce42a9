import type { FastifyInstance } from "fastify";
import { sessionCookie } from "./context";
import { outboxMagicToken } from "./factories";

/** A browser as the sign-in sees it: its user agent, its address, and the device cookie it already has. */
export interface TestBrowser {
  userAgent?: string;
  ip?: string;
  /** The value of the `ppc.device` cookie a previous sign-in gave this browser. */
  device?: string;
}

export const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/**
 * The magic-link sign-in from a given browser, through `app` (any instance on the test database):
 * answers the session's Cookie header and the browser's device cookie after it.
 */
export async function signInFrom(
  app: FastifyInstance,
  email: string,
  browser: TestBrowser = {},
): Promise<{ cookie: string; device: string }> {
  const requested = await app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email } });
  if (requested.statusCode !== 202) throw new Error(`magic link request failed: ${requested.body}`);
  await app.jobs.workUntilIdle({ queues: ["mail-sign-in"] });
  const token = await outboxMagicToken(app.db, email);
  if (!token) throw new Error(`no sign-in mail for ${email}`);
  const verified = await app.inject({
    method: "POST",
    url: "/api/auth/magic-link/verify",
    payload: { token },
    headers: {
      ...(browser.userAgent ? { "user-agent": browser.userAgent } : {}),
      ...(browser.device ? { cookie: `ppc.device=${browser.device}` } : {}),
    },
    ...(browser.ip ? { remoteAddress: browser.ip } : {}),
  });
  const device = verified.cookies.find((c) => c.name === "ppc.device")?.value;
  if (!device) throw new Error(`no device cookie (status ${verified.statusCode})`);
  return { cookie: sessionCookie(verified), device };
}
