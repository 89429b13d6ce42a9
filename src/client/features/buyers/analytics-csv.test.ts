import { describe, expect, it } from "vitest";
import type { Analytics } from "../../../shared/schemas/analytics";
import { analyticsCsvFilename, analyticsToCsv, csvCell, formatConversion } from "./analytics-csv";

const figures = { views: 0, reveals: 0, saves: 0, dealIntents: 0, accepted: 0 };

describe("analytics CSV export", () => {
  it("writes the table's rows and the total, one line each", () => {
    const analytics: Analytics = {
      days: 7,
      from: "2026-11-17",
      to: "2026-11-23",
      totals: { views: 3, reveals: 1, saves: 2, dealIntents: 1, accepted: 0, conversion: 1 / 3 },
      listings: [
        {
          listingId: "a",
          title: 'Solar, "Premium" Calls',
          status: "active",
          views: 3,
          reveals: 1,
          saves: 2,
          dealIntents: 1,
          accepted: 0,
          conversion: 1 / 3,
        },
        { listingId: "b", title: "Quiet", status: "paused", ...figures, conversion: null },
      ],
      daily: [],
      boosts: [],
      contactActions: { email: 0, call: 0, copyEmail: 0, copyPhone: 0 },
    };
    expect(analyticsToCsv(analytics)).toBe(
      [
        "Listing,Status,Views,Contact reveals,Saves,Deal requests,Accepted,Reveal rate (%)",
        '"Solar, ""Premium"" Calls",active,3,1,2,1,0,33.3',
        "Quiet,paused,0,0,0,0,0,",
        "Total (2026-11-17 to 2026-11-23),,3,1,2,1,0,33.3",
        "",
      ].join("\r\n"),
    );
    expect(analyticsCsvFilename(analytics)).toBe("listing-analytics-2026-11-17-to-2026-11-23.csv");
  });

  it("keeps a title that looks like a formula as text", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell(-3)).toBe("-3");
  });

  it("formats the reveal rate", () => {
    expect(formatConversion(0.5)).toBe("50.0%");
    expect(formatConversion(null)).toBe("—");
  });
});
