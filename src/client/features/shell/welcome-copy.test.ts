import { describe, expect, it } from "vitest";
import { FREE_PLAN_FEATURES } from "../../../shared/constants";
import { getWelcomeCopy } from "./welcome-copy";

const links = (copy: ReturnType<typeof getWelcomeCopy>) =>
  [copy.primary, copy.secondary].flatMap((link) => (link ? [link.href] : []));

describe("the welcome dialog's words for each reader", () => {
  it("tells free publishers and guests what the free plan gives and offers the plans", () => {
    for (const role of ["guest", "publisher"] as const) {
      const copy = getWelcomeCopy({ role, hasActiveSubscription: false });
      expect(copy.intro).toBe("Your free account gives you access to:");
      expect(copy.items).toEqual(FREE_PLAN_FEATURES);
      expect(copy.note).toMatch(/^Upgrade to Premium to unlock buyer contact information/);
      expect(links(copy)).toEqual(["/browse", "/pricing"]);
    }
  });

  it("tells a Premium member what Premium unlocks, with no upgrade offer", () => {
    const copy = getWelcomeCopy({ role: "publisher", hasActiveSubscription: true });
    expect(copy.intro).toBe("Your Premium membership gives you:");
    expect(copy.items.join(" ")).toMatch(/contact details.*Instant email alerts.*Alerts tab.*saved listings/);
    expect(getWelcomeCopy({ role: "guest", hasActiveSubscription: true }).items.join(" ")).toMatch(
      /Instant email alerts .* once your publisher profile is set up/,
    );
    expect(copy.note).toBeUndefined();
    expect(links(copy)).toEqual(["/browse", "/saved"]);
    expect(links(getWelcomeCopy({ role: "guest", hasActiveSubscription: true }))).toEqual([
      "/browse",
      "/saved",
    ]);
  });

  it("points a buyer to posting listings and an admin to vetting, whether or not they hold Premium", () => {
    for (const hasActiveSubscription of [false, true]) {
      const buyer = getWelcomeCopy({ role: "buyer", hasActiveSubscription });
      expect(buyer.items.join(" ")).toMatch(/Post listings.*buyer dashboard/);
      expect(buyer.primary.href).toBe("/buyer/dashboard");
      const admin = getWelcomeCopy({ role: "admin", hasActiveSubscription });
      expect(admin.items.join(" ")).toMatch(/Vet publisher applications.*Curate buyer listings/);
      expect(admin.primary.href).toBe("/admin/dashboard");
      for (const copy of [buyer, admin]) {
        expect(copy.note).toBeUndefined();
        expect(links(copy)).not.toContain("/pricing");
      }
    }
  });
});
