import { describe, expect, it } from "vitest";
import { formatAdminGeos, formatMinVolume, listingStatusTone } from "./admin-format";

describe("admin listing display (SPEC §2 Admin buyers)", () => {
  it("shows the first two geographies and +n, or All Geos", () => {
    expect(formatAdminGeos([])).toBe("All Geos");
    expect(formatAdminGeos(["Texas"])).toBe("Texas");
    expect(formatAdminGeos(["Texas", "Ohio"])).toBe("Texas, Ohio");
    expect(formatAdminGeos(["Texas", "Ohio", "Georgia", "Florida"])).toBe("Texas, Ohio +2");
  });

  it("writes the minimum volume as the spec does", () => {
    expect(formatMinVolume(15)).toBe("Min: 15/day");
  });

  it("colours listing statuses green, yellow, grey", () => {
    expect(["active", "paused", "inactive"].map(listingStatusTone)).toEqual(["green", "yellow", "grey"]);
  });
});
