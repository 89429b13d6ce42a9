import { describe, expect, it } from "vitest";
import { formatDollars } from "../../../shared/format";
import { formatTerms } from "../listings";
import { formatAdminGeos, formatMinVolume, listingStatusTone } from "./admin-format";

describe("admin listing display (SPEC §2 Admin buyers)", () => {
  it("shows the first two geographies and +n, or All Geos", () => {
    expect(formatAdminGeos([])).toBe("All Geos");
    expect(formatAdminGeos(["Texas"])).toBe("Texas");
    expect(formatAdminGeos(["Texas", "Ohio"])).toBe("Texas, Ohio");
    expect(formatAdminGeos(["Texas", "Ohio", "Georgia", "Florida"])).toBe("Texas, Ohio +2");
  });

  it("writes the minimum volume and the default terms as the spec does", () => {
    expect(formatMinVolume(15)).toBe("Min: 15/day");
    expect(formatTerms(null)).toBe("Net 30");
    expect(formatTerms("Weekly")).toBe("Weekly");
  });

  it("colours listing statuses green, yellow, grey", () => {
    expect(["active", "paused", "inactive"].map(listingStatusTone)).toEqual(["green", "yellow", "grey"]);
  });

  it("shows dollars with thousands separators, from the exact string", () => {
    expect(formatDollars("83.17")).toBe("$83.17");
    expect(formatDollars("12345.5")).toBe("$12,345.50");
    expect(formatDollars("0.00")).toBe("$0.00");
  });
});
