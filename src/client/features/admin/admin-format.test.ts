import { describe, expect, it } from "vitest";
import {
  applicantName,
  describeApprovalWarning,
  formatAdminGeos,
  formatMinVolume,
  listingStatusTone,
} from "./admin-format";

describe("admin listing display", () => {
  it("shows the first two geographies and +n, or US National as the directory says it", () => {
    expect(formatAdminGeos([])).toBe("US National");
    expect(formatAdminGeos(["Texas"])).toBe("Texas");
    expect(formatAdminGeos(["Texas", "Ohio"])).toBe("Texas, Ohio");
    expect(formatAdminGeos(["Texas", "Ohio", "Georgia", "Florida"])).toBe("Texas, Ohio +2");
  });

  it("writes the minimum volume as 'Min: n/day'", () => {
    expect(formatMinVolume(15)).toBe("Min: 15/day");
  });

  it("colours listing statuses green, yellow, grey", () => {
    expect(["active", "paused", "inactive"].map(listingStatusTone)).toEqual(["green", "yellow", "grey"]);
  });
});

describe("publisher applications", () => {
  const person = { company: null, firstName: null, lastName: null, email: "sam@leads.example" };

  it("addresses an applicant by company, else by name, else by email", () => {
    expect(applicantName({ ...person, company: "Lone Star Leads", firstName: "Sam" })).toBe(
      "Lone Star Leads",
    );
    expect(applicantName({ ...person, company: "  ", firstName: "Sam", lastName: "Pending" })).toBe(
      "Sam Pending",
    );
    expect(applicantName({ ...person, lastName: "Pending" })).toBe("Pending");
    expect(applicantName(person)).toBe("sam@leads.example");
  });

  it("says what an approval should know, with the date formatted", () => {
    expect(describeApprovalWarning({ code: "domain_unverified", website: "https://sam-leads.example" })).toBe(
      "The domain is not verified: the verification tag has not been found on https://sam-leads.example.",
    );
    const other = {
      ...person,
      id: "b",
      company: "Twin Calls LLC",
      status: "approved" as const,
      createdAt: "2026-03-04T12:00:00.000Z",
    };
    expect(describeApprovalWarning({ code: "same_website", others: [other] })).toBe(
      "Another application for this website: Twin Calls LLC (approved, applied Mar 4, 2026).",
    );
    expect(
      describeApprovalWarning({
        code: "same_website",
        others: [other, { ...other, company: null, status: "pending" }],
      }),
    ).toBe(
      "2 other applications for this website: Twin Calls LLC (approved, applied Mar 4, 2026); sam@leads.example (pending review, applied Mar 4, 2026).",
    );
  });
});
