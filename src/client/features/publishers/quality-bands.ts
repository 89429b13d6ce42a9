// The score is shown clamped to 0-100, coloured by band: 80+ green, 60-79 yellow, 40-59
// orange, below 40 red. Classes keep WCAG AA contrast for the text beside the bar.

export type ScoreBand = "green" | "yellow" | "orange" | "red";

export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(Math.max(Math.round(score), 0), 100);
}

export function scoreBand(score: number): ScoreBand {
  const value = clampScore(score);
  if (value >= 80) return "green";
  if (value >= 60) return "yellow";
  if (value >= 40) return "orange";
  return "red";
}

export const BAND_STYLES: Record<ScoreBand, { bar: string; text: string; label: string }> = {
  green: { bar: "bg-green-600", text: "text-green-800", label: "Excellent" },
  yellow: { bar: "bg-yellow-500", text: "text-yellow-800", label: "Good" },
  orange: { bar: "bg-orange-500", text: "text-orange-800", label: "Fair" },
  red: { bar: "bg-red-600", text: "text-red-800", label: "Needs work" },
};

/** "35/100 · Needs work": the score with its band's word, where there is no room for the bar. */
export function formatQualityScore(score: number): string {
  const value = clampScore(score);
  return `${value}/100 · ${BAND_STYLES[scoreBand(value)].label}`;
}
