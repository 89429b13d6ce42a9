import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { BROWSE_VERTICALS, canonicalVertical, FILTER_VERTICALS, VERTICALS } from "../constants";
import { adminListingQuerySchema } from "./admin-listings";
import { createSavedSearchSchema, updateAlertPreferencesSchema } from "./alerts";
import { createBuyerProfileSchema, updateBuyerProfileSchema } from "./buyers";
import { fixtureListingSchema } from "./dev";
import { listingImportRowSchema } from "./listing-import";
import {
  createAdminListingSchema,
  createBuyerListingSchema,
  updateAdminListingSchema,
  updateBuyerListingSchema,
} from "./listing-input";
import { listingQuerySchema } from "./listings";
import { createPublisherProfileSchema, trafficSchema, updatePublisherProfileSchema } from "./publisher";

// One list of verticals everywhere: every schema that takes a vertical (or a list of them) takes exactly
// the shared list, so a publisher's, a buyer's, an alert's and a listing's "Automotive" are one thing.

/** Whether parsing `input` raises an issue on `field` (other fields may be missing: they are ignored). */
function refusesField(schema: z.ZodType, input: Record<string, unknown>, field: string): boolean {
  const result = schema.safeParse(input);
  return !result.success && result.error.issues.some((issue) => issue.path[0] === field);
}

const SINGLE: [string, z.ZodType][] = [
  ["buyer's new listing", createBuyerListingSchema],
  ["buyer's listing edit", updateBuyerListingSchema],
  ["admin's new listing", createAdminListingSchema],
  ["admin's listing edit", updateAdminListingSchema],
  ["CSV import row", listingImportRowSchema],
  ["saved search", createSavedSearchSchema],
  ["admin's listing filter", adminListingQuerySchema],
  ["test fixture listing", fixtureListingSchema],
];

const LISTS: [string, z.ZodType][] = [
  ["publisher onboarding", trafficSchema],
  ["publisher profile", createPublisherProfileSchema],
  ["publisher profile edit", updatePublisherProfileSchema],
  ["buyer profile", createBuyerProfileSchema],
  ["buyer profile edit", updateBuyerProfileSchema],
  ["alert preferences", updateAlertPreferencesSchema],
];

describe("the one list of verticals", () => {
  it("holds the twelve verticals, the browse filter's five first", () => {
    expect(VERTICALS).toEqual([
      "Insurance",
      "Home Services",
      "Legal",
      "Medical",
      "Healthcare",
      "Finance",
      "Solar",
      "Education",
      "Real Estate",
      "Automotive",
      "Travel",
      "Technology",
    ]);
    expect(FILTER_VERTICALS.slice(0, 5)).toEqual(BROWSE_VERTICALS);
    expect([...FILTER_VERTICALS].sort()).toEqual([...VERTICALS].sort());
  });

  it("reads the old name Auto as Automotive, and nothing else as a vertical", () => {
    expect(canonicalVertical("Auto")).toBe("Automotive");
    expect(canonicalVertical("Automotive")).toBe("Automotive");
    expect(canonicalVertical("auto")).toBeNull();
    expect(canonicalVertical("toString")).toBeNull();
    expect(canonicalVertical("")).toBeNull();
  });

  it.each(SINGLE)("%s takes every vertical of the list and refuses Auto and unknown names", (_, schema) => {
    for (const vertical of VERTICALS)
      expect(refusesField(schema, { vertical }, "vertical"), vertical).toBe(false);
    expect(refusesField(schema, { vertical: "Auto" }, "vertical")).toBe(true);
    expect(refusesField(schema, { vertical: "Gardening" }, "vertical")).toBe(true);
  });

  it.each(LISTS)("%s takes the whole list and refuses Auto and unknown names", (_, schema) => {
    expect(refusesField(schema, { verticals: [...VERTICALS] }, "verticals")).toBe(false);
    expect(refusesField(schema, { verticals: ["Insurance", "Auto"] }, "verticals")).toBe(true);
    expect(refusesField(schema, { verticals: ["Gardening"] }, "verticals")).toBe(true);
  });

  it("lets a directory link saved before the rename (vertical=Auto) find the Automotive listings", () => {
    for (const vertical of VERTICALS) expect(listingQuerySchema.parse({ vertical }).vertical).toBe(vertical);
    expect(listingQuerySchema.parse({ vertical: "Auto" }).vertical).toBe("Automotive");
    expect(listingQuerySchema.safeParse({ vertical: "Gardening" }).success).toBe(false);
  });
});
