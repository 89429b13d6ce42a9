import { describe, expect, it } from "vitest";
import {
  formatCountAtLeast,
  formatDate,
  formatDateTime,
  formatDollars,
  formatWholeDollarsDown,
} from "./format";

describe("formatDollars", () => {
  it("shows dollars with thousands separators, from the exact string", () => {
    expect(formatDollars("83.17")).toBe("$83.17");
    expect(formatDollars("12345.5")).toBe("$12,345.50");
    expect(formatDollars("0.00")).toBe("$0.00");
  });
});

describe("formatCountAtLeast (figures on public pages)", () => {
  it("says a small count exactly and rounds a larger one down, with + only when it rounded", () => {
    expect(formatCountAtLeast(1)).toBe("1");
    expect(formatCountAtLeast(5)).toBe("5");
    expect(formatCountAtLeast(19)).toBe("19");
    expect(formatCountAtLeast(20)).toBe("20");
    expect(formatCountAtLeast(23)).toBe("20+");
    expect(formatCountAtLeast(45)).toBe("45");
    expect(formatCountAtLeast(47)).toBe("45+");
    expect(formatCountAtLeast(99)).toBe("95+");
    expect(formatCountAtLeast(100)).toBe("100");
    expect(formatCountAtLeast(487)).toBe("480+");
    expect(formatCountAtLeast(1_234)).toBe("1,200+");
    expect(formatCountAtLeast(12_345)).toBe("12,000+");
    expect(formatCountAtLeast(100_000)).toBe("100,000");
  });

  it("never claims more than the count", () => {
    for (let n = 1; n <= 5_000; n++) {
      const shown = Number(formatCountAtLeast(n)?.replace(/[+,]/g, ""));
      expect(shown).toBeLessThanOrEqual(n);
      expect(shown).toBeGreaterThan(n * 0.8);
    }
  });

  it("leaves out a figure that is not true yet", () => {
    expect(formatCountAtLeast(0)).toBeNull();
    expect(formatCountAtLeast(Number.NaN)).toBeNull();
  });
});

describe("formatWholeDollarsDown", () => {
  it("rounds an average payout down to whole dollars, and leaves out none", () => {
    expect(formatWholeDollarsDown("87.99")).toBe("$87");
    expect(formatWholeDollarsDown("85.00")).toBe("$85");
    expect(formatWholeDollarsDown("1250.50")).toBe("$1,250");
    expect(formatWholeDollarsDown("0.50")).toBeNull();
    expect(formatWholeDollarsDown(null)).toBeNull();
  });
});

describe("formatDate and formatDateTime", () => {
  const instant = "2026-11-27T03:30:00.000Z";

  it("names the day in the time zone asked for, whichever zone was asked before", () => {
    expect(formatDate(instant, "UTC")).toBe("Nov 27, 2026");
    expect(formatDate(instant, "America/Los_Angeles")).toBe("Nov 26, 2026");
    expect(formatDate(new Date(instant), "UTC")).toBe("Nov 27, 2026");
    expect(formatDate(instant)).toBe(
      new Date(instant).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }),
    );
  });

  it("writes every day of a year as toLocaleDateString does, here and in UTC", () => {
    const options = { year: "numeric", month: "short", day: "numeric" } as const;
    for (let day = 0; day < 366; day++) {
      const date = new Date(Date.UTC(2028, 0, 1, 23, 30) + day * 86_400_000);
      expect(formatDate(date)).toBe(date.toLocaleDateString("en-US", options));
      expect(formatDate(date, "UTC")).toBe(date.toLocaleDateString("en-US", { ...options, timeZone: "UTC" }));
    }
  });

  it("writes a date and time as toLocaleString does, and a date that is not one as it does", () => {
    expect(formatDateTime(instant)).toBe(
      new Date(instant).toLocaleString("en-US", {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
      }),
    );
    expect(formatDate("not a date")).toBe("Invalid Date");
    expect(formatDateTime("not a date")).toBe("Invalid Date");
  });
});
