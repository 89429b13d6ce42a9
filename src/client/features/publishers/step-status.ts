// What the onboarding step indicator says of each step. A step the user moved past without doing it
// (domain verification left for later) is "skipped", never "completed": a tick there would read as if
// the domain were verified.

export type StepStatus = "done" | "skipped" | "current" | "upcoming";

export function stepStatus(
  index: number,
  {
    current,
    completed,
    skipped,
  }: { current: number; completed: readonly number[]; skipped: readonly number[] },
): StepStatus {
  if (index === current) return "current";
  if (skipped.includes(index)) return "skipped";
  if (completed.includes(index)) return "done";
  return "upcoming";
}

/** What a screen reader hears after the step's name. */
export const STEP_STATUS_TEXT: Record<StepStatus, string> = {
  done: " (completed)",
  skipped: " (skipped)",
  current: " (current)",
  upcoming: "",
};
