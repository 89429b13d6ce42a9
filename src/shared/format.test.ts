import { describe, expect, it } from "vitest";
import { formatDollars } from "./format";

describe("formatDollars", () => {
  it("shows dollars with thousands separators, from the exact string", () => {
    expect(formatDollars("83.17")).toBe("$83.17");
    expect(formatDollars("12345.5")).toBe("$12,345.50");
    expect(formatDollars("0.00")).toBe("$0.00");
  });
});
