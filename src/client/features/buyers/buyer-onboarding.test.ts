import { describe, expect, it } from "vitest";
import type { BuyerProfile } from "../../../shared/schemas/buyers";
import { restoreBuyerDraft } from "./buyer-onboarding-wizard";
import { listingPrefill } from "./first-listing";

const STEP_ONE = {
  company: "Acme",
  website: "https://acme.example",
  contactEmail: "deals@acme.example",
};

describe("buyer onboarding draft", () => {
  it("starts at step 1 with the profile form's defaults", () => {
    expect(restoreBuyerDraft(undefined)).toMatchObject({
      step: 0,
      values: { company: "", verticals: [], payoutMin: "25", payoutMax: "100", paymentTerms: "Net 30" },
    });
  });

  it("restores the step and the fields, ignoring fields of the wrong type", () => {
    const restored = restoreBuyerDraft({
      step: 2,
      data: { ...STEP_ONE, verticals: ["Legal", 3], payoutMin: 40, unknown: "x" },
    });
    expect(restored.step).toBe(1);
    expect(restored.values).toMatchObject({ ...STEP_ONE, verticals: ["Legal"], payoutMin: "25" });
    expect(restored.values).not.toHaveProperty("unknown");
  });

  it("never opens past the first step whose answers do not pass", () => {
    expect(restoreBuyerDraft({ step: 4, data: { company: "Acme" } }).step).toBe(0);
    expect(restoreBuyerDraft({ step: 4, data: { ...STEP_ONE } }).step).toBe(1);
    expect(restoreBuyerDraft({ step: 99, data: {} }).step).toBe(0);
  });
});

describe("first listing", () => {
  const profile = {
    verticals: ["Solar", "Legal"],
    payoutMin: "40.00",
    payoutMax: "120.00",
    paymentTerms: "Net 15",
    geoCoverage: ["Ohio", "Atlantis"],
  } as BuyerProfile;

  it("starts from the profile: first vertical, minimum payout, terms and known geographies", () => {
    expect(listingPrefill(profile)).toEqual({
      vertical: "Solar",
      payout: "40",
      paymentTerms: "Net 15",
      geos: ["Ohio"],
    });
  });

  it("leaves the listing defaults where the profile says nothing usable", () => {
    expect(
      listingPrefill({
        ...profile,
        verticals: [],
        payoutMin: null,
        paymentTerms: "Net 999",
        geoCoverage: [],
      }),
    ).toEqual({ payout: "120", geos: [] });
  });
});
