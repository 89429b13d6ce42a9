import type { QualityBreakdown } from "./schemas/publisher";

// What a quality score stands on, in a line or two: the factors that earned points (with how many of
// their maximum) and those still open. Shown beside the score wherever it appears (screens and the deal
// request mail), so a number is never read without its reasons (a new applicant's low score says
// "Not yet: Domain verified, Approved by review").

export interface QualityBasis {
  /** "Based on: Profile completeness 12/12, TCPA compliance on file 15/15." */
  basedOn: string;
  /** "Not yet: Domain verified, Approved by review." or null when every factor earned points. */
  notYet: string | null;
}

export function describeQualityBasis(breakdown: QualityBreakdown): QualityBasis {
  const earned = breakdown.factors.filter((factor) => factor.points > 0);
  const open = breakdown.factors.filter((factor) => factor.points === 0);
  return {
    basedOn:
      earned.length === 0
        ? "Based on: nothing yet."
        : `Based on: ${earned.map((f) => `${f.label} ${f.points}/${f.maxPoints}`).join(", ")}.`,
    notYet: open.length === 0 ? null : `Not yet: ${open.map((f) => f.label).join(", ")}.`,
  };
}
