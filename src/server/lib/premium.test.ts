import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/context";
import { createSignedInUser, grantPremium } from "../test/factories";

describe("Premium's period", () => {
  const ctx = useTestApp();

  async function hasPremium(cookie: string): Promise<boolean> {
    const res = await ctx.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().hasActiveSubscription;
  }

  // The condition once compared with the time its module was loaded: a period that ended while the server
  // ran still read as Premium until a restart.
  it("ends Premium when the period ends while the server runs, without a restart or a Stripe event", async () => {
    const { user, cookie } = await createSignedInUser(ctx, { role: "publisher" });
    const periodEnd = new Date(Date.now() + 800);
    await grantPremium(ctx.database.db, user.id, { currentPeriodEnd: periodEnd });
    expect(await hasPremium(cookie)).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, periodEnd.getTime() - Date.now() + 50));
    expect(await hasPremium(cookie)).toBe(false);
  });
});
