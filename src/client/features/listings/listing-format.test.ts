import { describe, expect, it } from "vitest";
import { formatDuration, formatGeos, formatPayout, formatPerDay, formatTerms } from "./listing-format";

describe("listing display", () => {
  it("shows seconds as minutes and 'Flexible' when absent", () => {
    expect(formatDuration(180)).toBe("3 min");
    expect(formatDuration(90)).toBe("1.5 min");
    expect(formatDuration(null)).toBe("Flexible");
  });

  it("falls back to the defaults when a field is empty", () => {
    expect(formatGeos([])).toBe("US National");
    expect(formatGeos(["California", "Texas"])).toBe("California, Texas");
    expect(formatPerDay(null)).toBe("Flexible");
    expect(formatPerDay(20)).toBe("20 calls/day");
    expect(formatTerms(null)).toBe("Net 30");
    expect(formatTerms("Weekly")).toBe("Weekly");
    expect(formatPayout("49.99")).toBe("$49.99");
  });
});
