import { describe, expect, it } from "vitest";
import { describeQuietHours, formatUsPhone, secondsUntil } from "./sms-format";

describe("formatUsPhone", () => {
  it("writes a US number as (201) 555-0123", () => {
    expect(formatUsPhone("+12015550123")).toBe("(201) 555-0123");
  });

  it("leaves a number that is not a US one as it is", () => {
    expect(formatUsPhone("+442071838750")).toBe("+442071838750");
  });
});

describe("describeQuietHours", () => {
  it("names the quiet hours, the time zone and the daily limit", () => {
    expect(describeQuietHours("America/Chicago")).toBe(
      "No texts from 9 pm to 8 am (America/Chicago): what matches meanwhile arrives in one text at 8 am. At most 10 texts a day.",
    );
  });
});

describe("secondsUntil", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");

  it("counts whole seconds up", () => {
    expect(secondsUntil("2026-11-26T12:00:41.200Z", now)).toBe(42);
  });

  it("is 0 once the time has passed or when there is none", () => {
    expect(secondsUntil("2026-11-26T11:59:00Z", now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
  });
});
