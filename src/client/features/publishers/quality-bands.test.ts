import { describe, expect, it } from "vitest";
import { clampScore, formatQualityScore, scoreBand } from "./quality-bands";

describe("quality score bands", () => {
  it.each([
    [100, "green"],
    [80, "green"],
    [79, "yellow"],
    [60, "yellow"],
    [59, "orange"],
    [40, "orange"],
    [39, "red"],
    [0, "red"],
  ] as const)("shows %i as %s", (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });

  it("clamps what it shows to 0-100", () => {
    expect(clampScore(140)).toBe(100);
    expect(clampScore(-5)).toBe(0);
    expect(clampScore(Number.NaN)).toBe(0);
    expect(scoreBand(150)).toBe("green");
  });

  it("writes a score with its band's word", () => {
    expect(formatQualityScore(35)).toBe("35/100 · Needs work");
    expect(formatQualityScore(56)).toBe("56/100 · Fair");
    expect(formatQualityScore(100)).toBe("100/100 · Excellent");
  });
});
