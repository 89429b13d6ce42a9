import { describe, expect, it } from "vitest";
import {
  clearDraft,
  type DraftStorage,
  draftKey,
  emptyDraft,
  readDraft,
  writeDraft,
} from "./onboarding-draft";

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe("onboarding draft", () => {
  it("starts from the defaults: 10 daily calls, 1 year, one empty reference", () => {
    const draft = readDraft(memoryStorage(), "user-1");
    expect(draft).toEqual(emptyDraft());
    expect(draft.values).toMatchObject({
      avgDailyCalls: 10,
      yearsInBusiness: 1,
      references: [""],
      website: "",
    });
  });

  it("keeps one draft per user and clears it", () => {
    const storage = memoryStorage();
    const draft = { ...emptyDraft(), step: 1, completed: [0] };
    draft.values.website = "https://a.example";
    writeDraft(storage, "user-1", draft);
    expect(readDraft(storage, "user-1")).toEqual(draft);
    expect(readDraft(storage, "user-2").values.website).toBe("");
    clearDraft(storage, "user-1");
    expect(storage.data.has(draftKey("user-1"))).toBe(false);
  });

  it("repairs a damaged draft and never skips an unfinished step", () => {
    const storage = memoryStorage();
    storage.setItem(draftKey("u"), "{not json");
    expect(readDraft(storage, "u")).toEqual(emptyDraft());
    storage.setItem(
      draftKey("u"),
      JSON.stringify({
        step: 4,
        completed: [0, 9, "x"],
        values: { avgDailyCalls: "many", references: ["a", "b", "c", "d"] },
      }),
    );
    const draft = readDraft(storage, "u");
    expect(draft.step).toBe(1);
    expect(draft.completed).toEqual([0]);
    expect(draft.values.avgDailyCalls).toBe(10);
    expect(draft.values.references).toEqual(["a", "b", "c"]);
  });

  it("works without storage", () => {
    expect(readDraft(null, "u")).toEqual(emptyDraft());
    expect(() => writeDraft(null, "u", emptyDraft())).not.toThrow();
  });
});
