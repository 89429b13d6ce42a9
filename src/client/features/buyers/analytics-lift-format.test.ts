import { describe, expect, it } from "vitest";
import type { BoostPeriod, LiftWindow } from "../../../shared/schemas/analytics";
import {
  boostedDayBands,
  describeChange,
  describeWindow,
  formatLiftDays,
  formatRate,
  isRunning,
  readLift,
} from "./analytics-lift-format";

const window = (values: Partial<LiftWindow> = {}): LiftWindow => ({
  from: "2026-11-10T12:00:00.000Z",
  to: "2026-11-20T12:00:00.000Z",
  days: 10,
  views: 25,
  reveals: 3,
  dealIntents: 1,
  perDay: { views: 2.5, reveals: 0.3, dealIntents: 0.1 },
  ...values,
});

const period = (values: Partial<BoostPeriod> = {}): BoostPeriod => ({
  listingId: "l1",
  title: "Solar",
  startsAt: "2026-11-10T12:00:00.000Z",
  endsAt: "2026-11-24T12:00:00.000Z",
  during: window(),
  before: window({
    from: "2026-10-27T12:00:00.000Z",
    to: "2026-11-10T12:00:00.000Z",
    days: 14,
    views: 7,
    reveals: 0,
    dealIntents: 2,
    perDay: { views: 0.5, reveals: 0, dealIntents: 0.14 },
  }),
  change: { views: 4, reveals: null, dealIntents: -0.3 },
  ...values,
});

describe("boost lift wording", () => {
  it("states rates with their sample sizes", () => {
    expect(describeWindow(window())).toBe(
      "2.5 views/day, 0.3 reveals/day, 0.1 deal requests/day over 10 days (25 views, 3 reveals, 1 deal request)",
    );
    expect(
      describeWindow(
        window({ days: 1, views: 1, reveals: 0, perDay: { views: 1, reveals: 0, dealIntents: 1 } }),
      ),
    ).toBe("1 views/day, 0 reveals/day, 1 deal requests/day over 1 day (1 view, 0 reveals, 1 deal request)");
    expect(formatRate(0.14)).toBe("0.14");
    expect(formatRate(null)).toBe("—");
  });

  it("gives part days to one decimal and less than a day in hours", () => {
    expect(formatLiftDays(14)).toBe("14 days");
    expect(formatLiftDays(1.75)).toBe("1.8 days");
    expect(formatLiftDays(0.25)).toBe("6 hours");
    expect(formatLiftDays(0.04)).toBe("1 hour");
  });

  it("words a change as a percentage only where there was a rate before", () => {
    expect(describeChange(4, 25, 7)).toBe("up 400%");
    expect(describeChange(-0.3, 1, 2)).toBe("down 30%");
    expect(describeChange(0.004, 10, 10)).toBe("about the same");
    expect(describeChange(null, 3, 0)).toBe("up from none");
    expect(describeChange(null, 0, 0)).toBe("none either way");
  });

  it("does not judge under a day of boosting or without a day before it", () => {
    expect(readLift(period())).toEqual({ kind: "compared", smallSample: false });
    expect(readLift(period({ during: window({ days: 0.25 }) }))).toEqual({ kind: "too-early" });
    expect(readLift(period({ before: window({ days: 0 }) }))).toEqual({ kind: "no-baseline" });
    // 12 views over both windows: a small sample.
    expect(readLift(period({ during: window({ views: 5 }) }))).toEqual({
      kind: "compared",
      smallSample: true,
    });
  });

  it("tells a running period from one that ended", () => {
    expect(isRunning(period())).toBe(true);
    expect(isRunning(period({ endsAt: "2026-11-20T12:00:00.000Z" }))).toBe(false);
  });
});

describe("boosted days on the chart", () => {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;

  it("marks every UTC day of the range a period touches, cut at the range", () => {
    const range = { from: "2026-11-14", to: "2026-11-20" };
    expect(boostedDayBands({ ...range, boosts: [period()] })).toEqual([
      { title: "Solar", from: day("2026-11-14"), to: day("2026-11-20") },
    ]);
    // Ended at midnight: the day that begins then is not boosted. A period before the range: nothing.
    const ended = period({
      startsAt: "2026-11-15T18:00:00.000Z",
      endsAt: "2026-11-18T00:00:00.000Z",
      during: window({ from: "2026-11-15T18:00:00.000Z", to: "2026-11-18T00:00:00.000Z" }),
    });
    const earlier = period({
      startsAt: "2026-11-01T00:00:00.000Z",
      during: window({ from: "2026-11-01T00:00:00.000Z", to: "2026-11-13T10:00:00.000Z" }),
    });
    expect(boostedDayBands({ ...range, boosts: [ended, earlier] })).toEqual([
      { title: "Solar", from: day("2026-11-15"), to: day("2026-11-17") },
    ]);
  });
});
