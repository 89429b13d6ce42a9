import { describe, expect, it } from "vitest";
import {
  PUBLISHER_MESSAGES,
  parseReference,
  referencesSchema,
  updatePublisherProfileSchema,
} from "./publisher";

describe("publisher references", () => {
  it.each([
    ["Jane Doe, Acme Leads, jane@acme.example, (555) 010-0000", "jane@acme.example", "(555) 010-0000"],
    ["Jane Doe, Acme Leads, jane@acme.example", "jane@acme.example", null],
    ["Jane Doe, +1 555 010 0000", null, "+1 555 010 0000"],
    [
      "Omar Haddad, Lone Star Leads, (214) 555-0123 ext. 12, omar@lonestarleads.example",
      "omar@lonestarleads.example",
      "(214) 555-0123 ext. 12",
    ],
    ["José Núñez,, jose@example.com", "jose@example.com", null],
  ])("reads %j as a usable reference", (line, email, phone) => {
    expect(parseReference(line)).toMatchObject({ email, phone });
  });

  it.each([
    ["a name alone", "Jane Doe"],
    ["a name and a company", "Jane Doe, Acme Leads"],
    ["no name before the contact", "jane@acme.example, (555) 010-0000"],
    ["a phone number for a name", "555-010-0000, jane@acme.example"],
    ["an email that does not parse", "Jane Doe, Acme, jane@acme"],
    ["a phone number that is too short", "Jane Doe, Acme, 555-01"],
    ["letters in the phone number", "Jane Doe, Acme, call me maybe"],
    ["free text", "ask my boss"],
  ])("refuses %s", (_case, line) => {
    expect(parseReference(line)).toBeNull();
  });

  it("tells which line is wrong, with the format to use, and keeps the at-least-one rule", () => {
    const result = referencesSchema.safeParse({ references: ["Jane Doe, Acme, jane@acme.example", "Bob"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["references", 1], message: PUBLISHER_MESSAGES.referenceFormat }),
    ]);
    expect(referencesSchema.safeParse({ references: ["", "  "] }).error?.issues[0]?.message).toBe(
      "Provide at least one reference",
    );
    // Blank lines are still dropped, not refused.
    expect(referencesSchema.parse({ references: ["Jane Doe, jane@acme.example", ""] }).references).toEqual([
      "Jane Doe, jane@acme.example",
    ]);
  });

  it("applies on the profile edit too", () => {
    expect(updatePublisherProfileSchema.safeParse({ references: ["Just a name"] }).success).toBe(false);
    expect(updatePublisherProfileSchema.safeParse({ avgDailyCalls: 5 }).success).toBe(true);
  });
});
