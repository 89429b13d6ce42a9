import { describe, expect, it } from "vitest";
import { boostPurchaseState, boostSourceLabel, formatBoostAmount, formatBoostDays } from "./boost-format";

describe("boost wording", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const period = (startsAt: string, endsAt: string) => ({ status: "active" as const, startsAt, endsAt });

  it("says where an active purchase stands against now", () => {
    expect(boostPurchaseState(period("2026-11-20T00:00:00Z", "2026-12-04T00:00:00Z"), now).label).toBe(
      "Running",
    );
    // Bought while another ran: it starts at that one's end.
    expect(boostPurchaseState(period("2026-12-04T00:00:00Z", "2026-12-18T00:00:00Z"), now).label).toBe(
      "Upcoming",
    );
    expect(boostPurchaseState(period("2026-11-01T00:00:00Z", "2026-11-15T00:00:00Z"), now).label).toBe(
      "Finished",
    );
  });

  it("says refunded and ended whatever the dates", () => {
    const running = { startsAt: "2026-11-20T00:00:00Z", endsAt: "2026-12-04T00:00:00Z" };
    expect(boostPurchaseState({ ...running, status: "refunded" }, now)).toEqual({
      label: "Refunded",
      tone: "red",
    });
    expect(boostPurchaseState({ ...running, status: "ended" }, now).label).toBe("Ended early");
  });

  it("names the source, the amount and the days", () => {
    expect(boostSourceLabel("stripe")).toBe("Paid");
    expect(boostSourceLabel("complimentary")).toBe("Complimentary");
    expect(formatBoostAmount(9900)).toBe("$99");
    expect(formatBoostAmount(0)).toBe("No charge");
    expect(formatBoostDays(1)).toBe("1 day");
    expect(formatBoostDays(14)).toBe("14 days");
  });
});
