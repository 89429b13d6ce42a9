import { describe, expect, it } from "vitest";
import { signupSchema } from "./auth";

describe("signup form", () => {
  it("wants an email address and the terms accepted", () => {
    expect(signupSchema.parse({ email: " Pat@Example.test ", acceptedTerms: true })).toEqual({
      side: "publisher",
      email: "Pat@Example.test",
      acceptedTerms: true,
    });
    expect(signupSchema.parse({ side: "buyer", email: "b@example.test", acceptedTerms: true }).side).toBe(
      "buyer",
    );
    expect(
      signupSchema.safeParse({ side: "seller", email: "b@example.test", acceptedTerms: true }).error
        ?.issues[0]?.message,
    ).toBe("Choose whether you generate or buy calls");
    const missing = signupSchema.safeParse({ email: "", acceptedTerms: false });
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      "Email is required",
      "Accept the Terms of Service and Privacy Policy to continue",
    ]);
    expect(
      signupSchema.safeParse({ email: "not-an-email", acceptedTerms: true }).error?.issues[0]?.message,
    ).toBe("Enter a valid email address");
  });
});
