import { describe, expect, it } from "vitest";
import { marketFigureTiles } from "./market-figures";

describe("marketFigureTiles", () => {
  it("rounds the live figures down and labels them", () => {
    expect(
      marketFigureTiles({
        activeBuyers: 47,
        verifiedBuyers: 20,
        activeListings: 1_234,
        verticals: 12,
        averagePayout: "87.99",
      }),
    ).toEqual([
      { key: "buyers", value: "45+", label: "Active buyers" },
      { key: "verified", value: "20", label: "Verified buyers" },
      { key: "listings", value: "1,200+", label: "Listings" },
      { key: "verticals", value: "12", label: "Verticals" },
      { key: "payout", value: "$87", label: "Average payout per call" },
    ]);
  });

  it("leaves out what there is nothing of", () => {
    expect(
      marketFigureTiles({
        activeBuyers: 0,
        verifiedBuyers: 0,
        activeListings: 0,
        verticals: 0,
        averagePayout: null,
      }),
    ).toEqual([]);
    expect(
      marketFigureTiles({
        activeBuyers: 5,
        verifiedBuyers: 0,
        activeListings: 5,
        verticals: 1,
        averagePayout: "0.40",
      }).map((t) => t.key),
    ).toEqual(["buyers", "listings", "verticals"]);
  });
});
