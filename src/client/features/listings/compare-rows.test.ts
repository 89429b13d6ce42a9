import { describe, expect, it } from "vitest";
import type { ComparedListing } from "../../../shared/schemas/compare";
import { LISTING_EXAMPLE } from "../../../shared/schemas/listings";
import { bestListingIds, ROW_SCORES } from "./compare-rows";

const listing = (id: string, values: Partial<ComparedListing> = {}): ComparedListing => ({
  ...LISTING_EXAMPLE,
  reviews: { average: null, count: 0 },
  ...values,
  id,
});

describe("the compare table's best values", () => {
  it("marks the highest payout, every tie included", () => {
    const rows = [
      listing("a", { payout: "45.00" }),
      listing("b", { payout: "60.00" }),
      listing("c", { payout: "60.00" }),
    ];
    expect([...bestListingIds(rows, ROW_SCORES.payout)]).toEqual(["b", "c"]);
  });

  it("marks nothing when every listing holds the same value, or only one is compared", () => {
    expect(bestListingIds([listing("a"), listing("b")], ROW_SCORES.payout).size).toBe(0);
    expect(bestListingIds([listing("a")], ROW_SCORES.payout).size).toBe(0);
  });

  it("ranks from the publisher's side: shorter calls, sooner pay, wider reach, fewer requirements", () => {
    const a = listing("a", { durationRequirement: 60, paymentTerms: "Net 7", geos: [], tags: [] });
    const b = listing("b", {
      durationRequirement: 120,
      paymentTerms: "Net 30",
      geos: ["Texas"],
      tags: ["trustedform", "business-hours"],
    });
    for (const row of [
      ROW_SCORES.duration,
      ROW_SCORES.paymentTerms,
      ROW_SCORES.geographies,
      ROW_SCORES.tags,
      ROW_SCORES.hours,
    ]) {
      expect([...bestListingIds([a, b], row)]).toEqual(["a"]);
    }
  });

  it("never lets an empty or unreadable field win a row", () => {
    const stated = listing("a", { dailyCap: 50, disputeWindowDays: 3, paymentTerms: "Weekly" });
    const empty = listing("b", { dailyCap: null, disputeWindowDays: null, paymentTerms: null });
    expect([...bestListingIds([stated, empty], ROW_SCORES.dailyCap)]).toEqual(["a"]);
    expect([...bestListingIds([stated, empty], ROW_SCORES.disputeWindow)]).toEqual(["a"]);
    expect(bestListingIds([stated, empty], ROW_SCORES.paymentTerms).size).toBe(0);
    const reviewed = listing("c", { reviews: { average: 3.5, count: 2 } });
    const unreviewed = listing("d", { reviews: { average: null, count: 0 } });
    expect([...bestListingIds([reviewed, unreviewed], ROW_SCORES.reviews)]).toEqual(["c"]);
  });
});
