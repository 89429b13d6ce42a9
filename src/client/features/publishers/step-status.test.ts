import { describe, expect, it } from "vitest";
import { emptyDraft, skippedSteps } from "./onboarding-draft";
import { STEP_STATUS_TEXT, stepStatus } from "./step-status";

describe("onboarding step indicator", () => {
  it("says a domain step left for later is skipped, not completed", () => {
    const draft = { ...emptyDraft(), step: 3, completed: [0, 1, 2] };
    draft.values.website = "https://calls.example";
    const skipped = skippedSteps(draft);
    expect(skipped).toEqual([2]);
    const statuses = [0, 1, 2, 3, 4].map((i) =>
      stepStatus(i, { current: 3, completed: draft.completed, skipped }),
    );
    expect(statuses).toEqual(["done", "done", "skipped", "current", "upcoming"]);
    expect(STEP_STATUS_TEXT[statuses[2]!]).toBe(" (skipped)");
  });

  it("counts the domain step done once that very website was verified, and skipped again if it changes", () => {
    const draft = { ...emptyDraft(), completed: [0, 1, 2], verifiedWebsite: "https://calls.example" };
    draft.values.website = "https://calls.example";
    expect(skippedSteps(draft)).toEqual([]);
    draft.values.website = "https://another.example";
    expect(skippedSteps(draft)).toEqual([2]);
  });

  it("does not call a step skipped before the user got to it, and the current step is current", () => {
    expect(skippedSteps({ ...emptyDraft(), completed: [0, 1] })).toEqual([]);
    expect(stepStatus(2, { current: 2, completed: [0, 1, 2], skipped: [2] })).toBe("current");
  });
});
