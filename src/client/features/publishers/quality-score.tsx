import { describeQualityBasis } from "../../../shared/quality-basis";
import type { QualityBreakdown } from "../../../shared/schemas/publisher";
import { Disclosure } from "../../components/ui/disclosure";
import { cn } from "../../lib/cn";
import { BAND_STYLES, clampScore, scoreBand } from "./quality-bands";

/** The 0-100 bar of the Quality Score card, in the band's colour (quality-bands.ts). */
export function QualityScoreBar({ score, label = "Quality score" }: { score: number; label?: string }) {
  const value = clampScore(score);
  const band = BAND_STYLES[scoreBand(value)];
  return (
    <div className="space-y-2">
      <p className="flex items-baseline gap-2">
        <span className={cn("text-3xl font-bold", band.text)} data-testid="quality-score">
          {value}
        </span>
        <span className="text-sm text-slate-600">/ 100 · {band.label}</span>
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value} out of 100, ${band.label}`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn("h-full rounded-full", band.bar)} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** What the score stands on, in a sentence or two: the factors earned and those still open. */
export function QualityScoreBasis({ breakdown }: { breakdown: QualityBreakdown }) {
  const { basedOn, notYet } = describeQualityBasis(breakdown);
  return (
    <p className="text-sm text-slate-700" data-testid="quality-basis">
      {basedOn}
      {notYet && <span className="block text-slate-600">{notYet}</span>}
    </p>
  );
}

/**
 * "How is this computed?": every factor with the points it earned out of its maximum, and its rule.
 * A disclosure rather than a hover tooltip, so keyboard and touch users can read it too.
 */
export function QualityScoreExplanation({ breakdown }: { breakdown: QualityBreakdown }) {
  return (
    <Disclosure label="How is this computed?">
      <ul className="space-y-3" aria-label="Score factors">
        {breakdown.factors.map((factor) => (
          <li key={factor.id} className="text-sm">
            <p className="flex justify-between gap-3 font-medium">
              <span>{factor.label}</span>
              <span className="shrink-0 tabular-nums">
                {factor.points} / {factor.maxPoints}
              </span>
            </p>
            <p className="text-slate-600">{factor.rule}</p>
          </li>
        ))}
      </ul>
      <p className="mt-3 border-t border-slate-200 pt-2 text-sm font-semibold">
        Total: {breakdown.score} / 100
      </p>
    </Disclosure>
  );
}
