import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./auth";

describe("safeReturnTo (the one open-redirect rule)", () => {
  it("keeps a page path on this site, with its query", () => {
    expect(safeReturnTo("/browse")).toBe("/browse");
    expect(safeReturnTo("/buyer/123?tab=contact")).toBe("/buyer/123?tab=contact");
  });

  it.each([
    ["another host", "//evil.example"],
    ["a backslash host", "/\\evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a relative path", "browse"],
    ["an API path", "/api/logout"],
    ["the API root", "/api"],
    ["whitespace", "/browse page"],
    ["a non-string", 42],
    ["nothing", undefined],
    ["a very long path", `/${"x".repeat(2048)}`],
  ])("sends %s home", (_label, value) => {
    expect(safeReturnTo(value)).toBe("/");
  });
});
