import { describe, expect, it } from "vitest";
import { describeQualityBasis } from "./quality-basis";
import type { QualityBreakdown } from "./schemas/publisher";

const factor = (
  id: QualityBreakdown["factors"][number]["id"],
  label: string,
  points: number,
  maxPoints: number,
) => ({
  id,
  label,
  rule: "",
  points,
  maxPoints,
});

describe("what a quality score is based on", () => {
  it("names the factors that earned points and those still open", () => {
    const breakdown: QualityBreakdown = {
      score: 35,
      factors: [
        factor("profile_complete", "Profile completeness", 12, 12),
        factor("compliance", "TCPA compliance on file", 15, 15),
        factor("domain_verified", "Domain verified", 0, 25),
        factor("approved", "Approved by review", 0, 40),
        factor("years_in_business", "Years in business", 8, 8),
      ],
    };
    expect(describeQualityBasis(breakdown)).toEqual({
      basedOn: "Based on: Profile completeness 12/12, TCPA compliance on file 15/15, Years in business 8/8.",
      notYet: "Not yet: Domain verified, Approved by review.",
    });
  });

  it("says so when nothing earned points, and has no open list when everything did", () => {
    expect(
      describeQualityBasis({ score: 0, factors: [factor("approved", "Approved by review", 0, 40)] }),
    ).toEqual({ basedOn: "Based on: nothing yet.", notYet: "Not yet: Approved by review." });
    expect(
      describeQualityBasis({ score: 40, factors: [factor("approved", "Approved by review", 40, 40)] }).notYet,
    ).toBeNull();
  });
});
