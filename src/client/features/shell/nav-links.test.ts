import { describe, expect, it } from "vitest";
import { getActiveHref, getNavLinks, type NavLink } from "./nav-links";

const bar = (links: NavLink[]) => links.filter((l) => l.label).map((l) => l.label);
const menu = (links: NavLink[]) => links.filter((l) => l.menuLabel).map((l) => l.menuLabel);

describe("navigation links per role", () => {
  it("gives everyone Browse Buyers and Pricing, named Pricing & Settings in the menu", () => {
    expect(bar(getNavLinks(null))).toEqual(["Browse Buyers", "Pricing"]);
    expect(menu(getNavLinks({ role: "guest" }))).toEqual(["Pricing & Settings", "Saved Listings", "Account"]);
  });

  it("adds each role's own links", () => {
    expect(bar(getNavLinks({ role: "admin" }))).toEqual(["Browse Buyers", "Pricing", "Admin"]);
    expect(menu(getNavLinks({ role: "admin" }))).toEqual([
      "Pricing & Settings",
      "Saved Listings",
      "Admin Dashboard",
      "Manage Publishers",
      "Manage Buyers",
      "Buyer Verifications",
      "Users",
      "Audit Log",
      "Failed Mail",
      "Account",
    ]);
    expect(bar(getNavLinks({ role: "publisher" }))).toEqual([
      "Browse Buyers",
      "Pricing",
      "Dashboard",
      "Profile",
    ]);
    expect(menu(getNavLinks({ role: "publisher" }))).toEqual([
      "Pricing & Settings",
      "Saved Listings",
      "Publisher Dashboard",
      "Profile",
      "Account",
    ]);
    expect(bar(getNavLinks({ role: "buyer" }))).toEqual(["Browse Buyers", "Pricing", "Dashboard"]);
    expect(menu(getNavLinks({ role: "buyer" }))).toEqual([
      "Pricing & Settings",
      "Saved Listings",
      "Buyer Dashboard",
      "Account",
    ]);
  });

  it("gives every signed-in role the Account page in the menu only, never a visitor", () => {
    for (const role of ["admin", "buyer", "publisher", "guest"] as const) {
      const account = getNavLinks({ role }).filter((l) => l.href === "/account");
      expect(
        account.map((l) => [l.label, l.menuLabel]),
        role,
      ).toEqual([[null, "Account"]]);
    }
    expect(getNavLinks(null).some((l) => l.href === "/account")).toBe(false);
  });
});

describe("active link", () => {
  const admin = getNavLinks({ role: "admin" });
  const publisher = getNavLinks({ role: "publisher" }).filter((l) => l.label);
  const buyer = getNavLinks({ role: "buyer" });

  it("matches browse and pricing exactly", () => {
    expect(getActiveHref(buyer, "/browse")).toBe("/browse");
    expect(getActiveHref(buyer, "/browse/x")).toBeUndefined();
    expect(getActiveHref(buyer, "/pricing")).toBe("/pricing");
    expect(getActiveHref(buyer, "/saved")).toBe("/saved");
    expect(getActiveHref(buyer, "/account")).toBe("/account");
    expect(getActiveHref(buyer, "/")).toBeUndefined();
  });

  it("matches role areas by prefix, the most specific link winning", () => {
    const adminBar = admin.filter((l) => l.label);
    expect(getActiveHref(adminBar, "/admin/buyers")).toBe("/admin/dashboard");
    expect(getActiveHref(admin, "/admin/publishers")).toBe("/admin/publishers");
    expect(getActiveHref(admin, "/admin/audit")).toBe("/admin/audit");
    expect(getActiveHref(adminBar, "/admin/users")).toBe("/admin/dashboard");
    expect(getActiveHref(admin, "/administrator")).toBeUndefined();
    expect(getActiveHref(publisher, "/publisher/onboarding")).toBe("/publisher/dashboard");
    expect(getActiveHref(publisher, "/publisher/profile")).toBe("/publisher/profile");
    expect(getActiveHref(buyer, "/buyer/dashboard")).toBe("/buyer/dashboard");
  });

  it("does not treat a listing's page as the buyer's dashboard", () => {
    expect(getActiveHref(buyer, "/listings/4f1c2b9e-0000-4000-8000-000000000000")).toBeUndefined();
  });
});
