import { describe, expect, it } from "vitest";
import { RELIABILITY } from "../../../shared/constants";
import {
  computeReliability,
  disputeFactor,
  outcomeWeight,
  type ReliabilityInputs,
  ratingFactor,
  responsivenessFactor,
} from "./reliability-score";

// One test per factor of the buyer reliability score, and the rules that combine them
// (docs/decisions/012-buyer-reliability-score.md).

const NOW = new Date("2026-06-01T12:00:00Z");
const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

const NONE: ReliabilityInputs = { reviews: [], requests: [], acceptedDeals: [], disputesAgainst: [] };

describe("outcome weight (decay)", () => {
  it("weighs today's outcome 1, one half-life ago 0.5, two half-lives 0.25, and nothing past the window", () => {
    expect(outcomeWeight(NOW, NOW)).toBe(1);
    expect(outcomeWeight(daysAgo(RELIABILITY.halfLifeDays), NOW)).toBeCloseTo(0.5, 10);
    expect(outcomeWeight(daysAgo(2 * RELIABILITY.halfLifeDays), NOW)).toBeCloseTo(0.25, 10);
    expect(outcomeWeight(daysAgo(RELIABILITY.windowDays - 1), NOW)).toBeGreaterThan(0);
    expect(outcomeWeight(daysAgo(RELIABILITY.windowDays), NOW)).toBe(0);
    expect(outcomeWeight(daysAgo(400), NOW)).toBe(0);
  });
});

describe("rating factor", () => {
  it("maps 5 stars to 1 and 1 star to 0, through the time-weighted average", () => {
    expect(ratingFactor([{ rating: 5, createdAt: NOW }], NOW).factor).toBe(1);
    expect(ratingFactor([{ rating: 1, createdAt: NOW }], NOW).factor).toBe(0);
    expect(ratingFactor([{ rating: 3, createdAt: NOW }], NOW).factor).toBe(0.5);
  });

  it("lets a newer review weigh more: 5 stars today and 1 star a half-life ago average 11/3 stars", () => {
    const result = ratingFactor(
      [
        { rating: 5, createdAt: NOW },
        { rating: 1, createdAt: daysAgo(RELIABILITY.halfLifeDays) },
      ],
      NOW,
    );
    // (1·5 + 0.5·1) / 1.5 = 3.667 stars.
    expect(result.weightedRating).toBeCloseTo(11 / 3, 10);
    expect(result.factor).toBeCloseTo((11 / 3 - 1) / 4, 10);
    expect(result.count).toBe(2);
  });

  it("leaves out reviews older than the window, and is null without reviews", () => {
    const result = ratingFactor(
      [
        { rating: 5, createdAt: daysAgo(10) },
        { rating: 1, createdAt: daysAgo(RELIABILITY.windowDays + 1) },
      ],
      NOW,
    );
    expect(result).toMatchObject({ factor: 1, weightedRating: 5, count: 1 });
    expect(ratingFactor([], NOW)).toEqual({ factor: null, weightedRating: null, count: 0 });
  });
});

describe("responsiveness factor", () => {
  const at = (createdDaysAgo: number, decidedAfterHours: number | null) => ({
    createdAt: daysAgo(createdDaysAgo),
    decidedAt:
      decidedAfterHours === null
        ? null
        : new Date(daysAgo(createdDaysAgo).getTime() + decidedAfterHours * HOUR),
  });

  it("counts a request decided within 48 hours as answered, and one decided later as not", () => {
    expect(responsivenessFactor([at(10, 47)], NOW)).toEqual({ factor: 1, due: 1, inTime: 1 });
    expect(responsivenessFactor([at(10, 48)], NOW)).toEqual({ factor: 1, due: 1, inTime: 1 });
    expect(responsivenessFactor([at(10, 49)], NOW)).toEqual({ factor: 0, due: 1, inTime: 0 });
  });

  it("leaves out a pending request while its 48 hours run, and counts it as missed after", () => {
    expect(responsivenessFactor([at(1, null)], NOW)).toEqual({ factor: null, due: 0, inTime: 0 });
    expect(responsivenessFactor([at(3, null)], NOW)).toEqual({ factor: 0, due: 1, inTime: 0 });
  });

  it("weighs the shares by age: answered today, missed a half-life ago gives about 2/3", () => {
    const result = responsivenessFactor([at(0.1, 1), at(RELIABILITY.halfLifeDays, 100)], NOW);
    expect(result.due).toBe(2);
    expect(result.inTime).toBe(1);
    const recent = outcomeWeight(daysAgo(0.1), NOW);
    expect(result.factor).toBeCloseTo(recent / (recent + 0.5), 10);
  });
});

describe("dispute factor", () => {
  const deals = (n: number) => Array.from({ length: n }, () => ({ decidedAt: daysAgo(5) }));

  it("is 1 with accepted deals and no dispute against the buyer", () => {
    expect(disputeFactor(deals(4), [], NOW)).toMatchObject({ factor: 1, deals: 4, against: 0 });
  });

  it("costs a dispute an admin upheld in full, an open one half, a rejected one nothing", () => {
    const one = (status: "resolved" | "pending" | "rejected") =>
      disputeFactor(deals(4), [{ createdAt: daysAgo(5), status }], NOW).factor;
    expect(one("resolved")).toBeCloseTo(1 - 1 / 4, 10);
    expect(one("pending")).toBeCloseTo(1 - 0.5 / 4, 10);
    expect(one("rejected")).toBe(1);
    expect(
      disputeFactor(
        deals(4),
        [
          { createdAt: daysAgo(5), status: "resolved" },
          { createdAt: daysAgo(5), status: "pending" },
          { createdAt: daysAgo(5), status: "rejected" },
        ],
        NOW,
      ),
    ).toMatchObject({ against: 3, upheld: 1, open: 1 });
  });

  it("stays within 0-1 when disputes outnumber the deals in the window, and is null with neither", () => {
    const upheld = { createdAt: daysAgo(5), status: "resolved" as const };
    expect(disputeFactor([], [upheld, upheld], NOW).factor).toBe(0);
    expect(disputeFactor([], [], NOW).factor).toBeNull();
  });
});

describe("the score", () => {
  const reviews = (...ratings: number[]) => ratings.map((rating) => ({ rating, createdAt: daysAgo(1) }));

  it(`is null ("Not enough data") below ${RELIABILITY.minReviewedDeals} reviewed deals, with the sample size`, () => {
    const two = computeReliability({ ...NONE, reviews: reviews(5, 5) }, NOW);
    expect(two).toMatchObject({ score: null, basedOn: 2 });
    const three = computeReliability({ ...NONE, reviews: reviews(5, 5, 5) }, NOW);
    expect(three).toMatchObject({ score: 100, basedOn: 3 });
  });

  it("combines the factors by their weights: 0.5 rating, 0.3 answered in time, 0.2 disputes", () => {
    const result = computeReliability(
      {
        reviews: reviews(4, 4, 4), // 0.75
        requests: [
          { createdAt: daysAgo(10), decidedAt: daysAgo(9.5) },
          { createdAt: daysAgo(10), decidedAt: daysAgo(5) },
        ], // 0.5
        acceptedDeals: [{ decidedAt: daysAgo(10) }, { decidedAt: daysAgo(10) }],
        disputesAgainst: [{ createdAt: daysAgo(10), status: "resolved" }], // 1 − 1/2
      },
      NOW,
    );
    expect(result.score).toBe(Math.round(100 * (0.5 * 0.75 + 0.3 * 0.5 + 0.2 * 0.5)));
    expect(result.factors).toMatchObject({
      reviewedDeals: 3,
      weightedRating: 4,
      requestsDue: 2,
      answeredInTime: 1,
      acceptedDeals: 2,
      disputesAgainst: 1,
      disputesUpheld: 1,
    });
  });

  it("gives a factor without data's weight to the others", () => {
    // Only ratings: the score is the rating factor alone.
    expect(computeReliability({ ...NONE, reviews: reviews(4, 4, 4) }, NOW).score).toBe(75);
  });
});
