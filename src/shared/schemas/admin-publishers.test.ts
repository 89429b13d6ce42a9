import { describe, expect, it } from "vitest";
import { approvalWarnings } from "./admin-publishers";
import { websiteHost } from "./publisher";

describe("the same website", () => {
  it("compares hosts without letter case, a trailing dot, www. or the path", () => {
    expect(websiteHost("https://WWW.Calls.example/apply?x=1")).toBe("calls.example");
    expect(websiteHost("http://calls.example.")).toBe("calls.example");
    expect(websiteHost("https://calls.example:8443")).toBe("calls.example");
    expect(websiteHost("https://www.example")).toBe("example");
    expect(websiteHost("https://calls.example.net")).toBe("calls.example.net");
  });

  it("has no host for what is no website address", () => {
    expect(websiteHost(null)).toBeNull();
    expect(websiteHost("")).toBeNull();
    expect(websiteHost("not a url")).toBeNull();
    expect(websiteHost("ftp://calls.example")).toBeNull();
  });
});

describe("approval warnings", () => {
  const other = {
    id: "b",
    email: "b@example.test",
    firstName: null,
    lastName: null,
    company: null,
    status: "pending" as const,
    createdAt: "2026-01-01T00:00:00.000Z",
  };

  it("warns of an unverified domain and of other applications for the website", () => {
    expect(
      approvalWarnings({ domainVerifiedAt: null, website: "https://a.example", sameWebsite: [other] }),
    ).toEqual([
      { code: "domain_unverified", website: "https://a.example" },
      { code: "same_website", others: [other] },
    ]);
  });

  it("has nothing to say of a verified website nobody else applied for", () => {
    expect(
      approvalWarnings({
        domainVerifiedAt: "2026-01-01T00:00:00.000Z",
        website: "https://a.example",
        sameWebsite: [],
      }),
    ).toEqual([]);
  });
});
