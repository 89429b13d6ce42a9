import { describe, expect, it } from "vitest";
import {
  createAdminListingSchema,
  createBuyerListingSchema,
  payoutInputSchema,
  updateBuyerListingSchema,
} from "./listing-input";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("listing input schemas", () => {
  it("fills the listing defaults on create and drops unknown fields", () => {
    const parsed = createBuyerListingSchema.parse({
      title: " Final Expense Calls ",
      vertical: "Insurance",
      payout: "50",
      buyerId: "someone-else",
      isVerified: true,
    });
    expect(parsed).toEqual({
      title: "Final Expense Calls",
      description: null,
      vertical: "Insurance",
      payout: "50.00",
      paymentTerms: "Net 30",
      durationRequirement: 180,
      geos: [],
      minVolume: 10,
      tags: [],
      disputeWindowDays: null,
      // No cap of its own: the buyer profile's applies.
      dailyCap: null,
      status: "active",
    });
  });

  it("answers with the admin form's messages; a missing optional field takes its default", () => {
    expect(firstMessage(createAdminListingSchema.safeParse({ vertical: "Legal", payout: "5" }))).toBe(
      "Title is required",
    );
    const missing = createAdminListingSchema.safeParse({
      title: "x",
      vertical: "",
      payout: "",
      durationRequirement: "",
      minVolume: 0,
      buyerId: "not-a-uuid",
    });
    expect(
      createAdminListingSchema.safeParse({
        title: "x",
        vertical: "Legal",
        payout: "5",
        buyerId: "8f14e45f-ceea-467f-a0e6-3f1d1e3b0c55",
      }).data?.durationRequirement,
    ).toBe(180);
    const messages = missing.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toEqual([
      "vertical: Vertical is required",
      "payout: Payout is required",
      "durationRequirement: Duration requirement is required",
      "minVolume: Minimum volume is required",
      "buyerId: Choose the buyer this listing belongs to",
    ]);
  });

  it("normalises payouts to 2 decimals and refuses zero, negatives, 3 decimals and 100,000,000", () => {
    expect(payoutInputSchema.parse("$1,250.5")).toBe("1250.50");
    expect(payoutInputSchema.parse(49.99)).toBe("49.99");
    expect(payoutInputSchema.parse("99999999.99")).toBe("99999999.99");
    for (const bad of ["0", "0.00", "-5", "1.234", "100000000", "abc", "5\u0000"]) {
      expect(payoutInputSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("keeps a buyer to active and paused, and an update to the fields sent", () => {
    expect(
      firstMessage(
        createBuyerListingSchema.safeParse({
          title: "t",
          vertical: "Legal",
          payout: "5",
          status: "inactive",
        }),
      ),
    ).toBe("Status must be one of: active, paused");
    expect(updateBuyerListingSchema.parse({ status: "paused" })).toEqual({ status: "paused" });
    expect(updateBuyerListingSchema.safeParse({}).success).toBe(false);
  });

  it("accepts known requirement tags once each and refuses unknown ones", () => {
    const base = { title: "t", vertical: "Legal", payout: "5" };
    expect(createBuyerListingSchema.parse({ ...base, tags: ["jornaya", "jornaya", "no-ivr"] }).tags).toEqual([
      "jornaya",
      "no-ivr",
    ]);
    expect(firstMessage(createBuyerListingSchema.safeParse({ ...base, tags: ["gold"] }))).toBe(
      "Unknown requirement tag",
    );
  });
});
