import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import { TEST_APP_URL, useTestApp } from "../test/context";
import { sendQueuedMail } from "../test/factories";

// Every loopback spelling of the app's own address counts as its own: opened at http://127.0.0.1:5000
// (what the server used to print), every mutation was once refused with this message.
const REFUSED = {
  message:
    "This request came from another site, so it was refused. Open the app at its own address and try again.",
  code: "forbidden",
};

describe("the Origin check in development", () => {
  const ctx = useTestApp({ env: { APP_ENV: "development" } });
  const requestLink = (origin: string, email = "dev@example.test") =>
    ctx.app.inject({ method: "POST", url: "/api/auth/magic-link", headers: { origin }, payload: { email } });
  const mailTo = async (email: string) => {
    await sendQueuedMail(ctx);
    return (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0]?.text;
  };

  it("accepts every loopback spelling of the app's own address, on the same port only", async () => {
    for (const origin of [TEST_APP_URL, "http://127.0.0.1:5000", "http://[::1]:5000"]) {
      expect((await requestLink(origin)).statusCode, origin).toBe(202);
    }
    for (const origin of [
      "http://127.0.0.1:5001",
      "http://localhost.evil.example:5000",
      "https://localhost:5000",
    ]) {
      const refused = await requestLink(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json()).toEqual(REFUSED);
    }
  });

  it("mails a sign-in link for the address the person opened, so the session lands there", async () => {
    await requestLink("http://127.0.0.1:5000", "loopback@example.test");
    await requestLink(TEST_APP_URL, "app-url@example.test");
    expect(await mailTo("loopback@example.test")).toContain("http://127.0.0.1:5000/auth/magic?token=");
    expect(await mailTo("app-url@example.test")).toContain(`${TEST_APP_URL}/auth/magic?token=`);
  });
});

describe("the Origin check outside development", () => {
  const ctx = useTestApp();

  it("accepts only APP_URL's own origin and answers a refusal with a sentence", async () => {
    const refused = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      headers: { origin: "http://127.0.0.1:5000" },
      payload: { email: "prod@example.test" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
  });
});

describe("the pages' Permissions-Policy", () => {
  const ctx = useTestApp({ resetEach: false });

  it("turns off the browser features the app never uses, and keeps payments to us and Stripe's frames", async () => {
    for (const url of ["/", "/browse", "/subscribe", "/no-such-page", "/robots.txt"]) {
      const res = await ctx.app.inject({ url });
      const policy = String(res.headers["permissions-policy"]);
      for (const off of ["camera=()", "microphone=()", "geolocation=()", "usb=()"]) {
        expect(policy, url).toContain(off);
      }
      // The Payment Element's wallets (Apple Pay, Google Pay) run the Payment Request API in its frame.
      expect(policy, url).toContain('payment=(self "https://js.stripe.com")');
    }
  });
});
