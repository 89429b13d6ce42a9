import { describe, expect, it } from "vitest";
import { draftFromServer, draftToServer, emptyDraft } from "./onboarding-draft";

describe("onboarding draft", () => {
  it("starts from the defaults: 10 daily calls, 1 year, one empty reference", () => {
    const draft = draftFromServer({ step: 1, data: {} });
    expect(draft).toEqual(emptyDraft());
    expect(draftFromServer(undefined)).toEqual(emptyDraft());
    expect(draft.values).toMatchObject({
      avgDailyCalls: 10,
      yearsInBusiness: 1,
      references: [""],
      website: "",
    });
  });

  it("comes back from the server as it was sent: the step 1-based there, 0-based here", () => {
    const draft = { ...emptyDraft(), step: 1, completed: [0], verifiedWebsite: "https://a.example" };
    draft.values.website = "https://a.example";
    draft.values.geos = ["Ohio"];
    const sent = draftToServer(draft);
    expect(sent.step).toBe(2);
    expect(sent.data).toMatchObject({ website: "https://a.example", completed: [0], geos: ["Ohio"] });
    expect(draftFromServer(sent)).toEqual(draft);
  });

  it("repairs a damaged draft and never skips an unfinished step", () => {
    const draft = draftFromServer({
      step: 5,
      data: { completed: [0, 9, "x"], avgDailyCalls: "many", references: ["a", "b", "c", "d"] },
    });
    expect(draft.step).toBe(1);
    expect(draft.completed).toEqual([0]);
    expect(draft.values.avgDailyCalls).toBe(10);
    expect(draft.values.references).toEqual(["a", "b", "c"]);
    expect(draftFromServer({ step: -3, data: { completed: "all" } }).step).toBe(0);
  });
});
