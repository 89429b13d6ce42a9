import { describe, expect, it } from "vitest";
import { describeChanges } from "./admin-format";

describe("audit entry changes", () => {
  it("reads before and after field by field", () => {
    expect(
      describeChanges({ before: { status: "pending" }, after: { status: "approved", reviewReason: null } }),
    ).toEqual(['status: "pending" → "approved"', "reviewReason: — → null"]);
  });

  it("marks a deletion and ignores entries without halves", () => {
    expect(describeChanges({ before: { title: "Old" }, after: null })).toEqual(['title: "Old" (deleted)']);
    expect(describeChanges({ method: "magic-link" })).toEqual([]);
    expect(describeChanges(null)).toEqual([]);
  });
});
