import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SMS_LIMITS } from "../../../shared/constants";
import { listingIdFromShortCode, listingShortCode, listingShortLink } from "./short-link";
import { isQuietHours, localDay, nextMorning } from "./sms-schedule";
import { alertText, isGsm7, payoutPerCall, STOP_LINE, summaryText, toGsm7 } from "./sms-texts";

// The texts are pure functions: checked over arbitrary titles, verticals and app names, since every one
// of them must fit one GSM-7 segment whatever a buyer typed.

const APP_URL = "https://app.paypercallhub.example";
const anyText = fc.string({ unit: "grapheme", maxLength: 300 });
const payout = fc.integer({ min: 0, max: 99_999_999 }).map((cents) => (cents / 100).toFixed(2));
const listing = fc.record({ title: anyText, vertical: anyText, payout });

describe("SMS alert texts", () => {
  it("fit one GSM-7 segment and carry the link and the STOP line, whatever the title", () => {
    fc.assert(
      fc.property(listing, fc.uuid(), anyText, (l, id, appName) => {
        const link = listingShortLink(APP_URL, id);
        const text = alertText({ appName }, l, link);
        expect(text.length).toBeLessThanOrEqual(SMS_LIMITS.maxLength);
        expect(isGsm7(text)).toBe(true);
        expect(text).toContain(link);
        expect(text.endsWith(STOP_LINE)).toBe(true);
        expect(text).toContain(payoutPerCall(l.payout));
      }),
      { numRuns: 500 },
    );
  });

  it("summaries fit too, and say how many more", () => {
    fc.assert(
      fc.property(listing, fc.integer({ min: 2, max: 500 }), anyText, (first, count, appName) => {
        const link = `${APP_URL}/browse`;
        const text = summaryText({ appName }, { first, count }, link);
        expect(text.length).toBeLessThanOrEqual(SMS_LIMITS.maxLength);
        expect(isGsm7(text)).toBe(true);
        expect(text).toContain(`${count} new buyers match your alerts`);
        expect(text).toContain(`and ${count - 1} more: ${link}`);
        expect(text.endsWith(STOP_LINE)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("reads as a sentence with the app name, vertical, title, payout and link", () => {
    const id = "0b7f6c2e-1d0a-4c3b-9a8e-5f4d3c2b1a09";
    const link = listingShortLink(APP_URL, id);
    expect(
      alertText(
        { appName: "PayPerCall Hub" },
        { title: "Final \u201cInbound\u201d \u2014 Seniors\u2026", vertical: "Insurance", payout: "45.00" },
        link,
      ),
    ).toBe(
      `PayPerCall Hub: new Insurance buyer, $45/call: Final "Inbound" - Seniors... ${link} Reply STOP to opt out`,
    );
    const long = alertText(
      { appName: "PayPerCall Hub" },
      { title: "Medicare Advantage ".repeat(20), vertical: "Insurance", payout: "45.50" },
      link,
    );
    expect(long).toMatch(
      /^PayPerCall Hub: new Insurance buyer, \$45\.50\/call: Medicare Advantage.*\.\.\. https:/,
    );
    expect(long.length).toBeLessThanOrEqual(SMS_LIMITS.maxLength);
    expect(
      summaryText(
        { appName: "PayPerCall Hub" },
        { first: { title: "Solar Leads", vertical: "Solar", payout: "80" }, count: 3 },
        `${APP_URL}/browse`,
      ),
    ).toBe(
      `PayPerCall Hub: 3 new buyers match your alerts: Solar Leads ($80/call) and 2 more: ${APP_URL}/browse Reply STOP to opt out`,
    );
  });

  it("maps typography to plain characters and leaves out what GSM-7 cannot say", () => {
    expect(toGsm7("Caf\u00ea \u2018quoted\u2019 \u00e9t\u00e9 [x] {y} \u20ac5 \u{1F4DE} \u4e2d\n\tend")).toBe(
      "Cafe 'quoted' \u00e9t\u00e9 (x) (y) EUR5 end",
    );
  });
});

describe("short links", () => {
  it("encode a listing id in 22 characters and decode it back", () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const code = listingShortCode(id);
        expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(listingIdFromShortCode(code)).toBe(id);
      }),
    );
  });

  it("refuse anything that is not a code", () => {
    const code = listingShortCode("0b7f6c2e-1d0a-4c3b-9a8e-5f4d3c2b1a09");
    for (const bad of [
      "",
      "abc",
      `${code}A`,
      code.slice(0, 21),
      `${code.slice(0, 21)}+`,
      `${code.slice(0, 21)}B`,
    ]) {
      expect(listingIdFromShortCode(bad)).toBeNull();
    }
  });
});

describe("quiet hours", () => {
  const NEW_YORK = "America/New_York";

  it("run from 21:00 to 08:00 in the user's time zone", () => {
    expect(isQuietHours(new Date("2027-01-12T17:00:00Z"), NEW_YORK)).toBe(false); // 12:00
    expect(isQuietHours(new Date("2027-01-13T01:59:00Z"), NEW_YORK)).toBe(false); // 20:59
    expect(isQuietHours(new Date("2027-01-13T02:00:00Z"), NEW_YORK)).toBe(true); // 21:00
    expect(isQuietHours(new Date("2027-01-13T12:59:00Z"), NEW_YORK)).toBe(true); // 07:59
    expect(isQuietHours(new Date("2027-01-13T13:00:00Z"), NEW_YORK)).toBe(false); // 08:00
    expect(isQuietHours(new Date("2027-01-13T02:00:00Z"), "America/Los_Angeles")).toBe(false); // 18:00
  });

  it("end at the next 08:00 local, across a change of daylight saving time", () => {
    // 23:00 on Jan 12 (EST): 08:00 on Jan 13.
    expect(nextMorning(new Date("2027-01-13T04:00:00Z"), NEW_YORK).toISOString()).toBe(
      "2027-01-13T13:00:00.000Z",
    );
    // 06:00: the same morning; 09:00: the next one.
    expect(nextMorning(new Date("2027-01-13T11:00:00Z"), NEW_YORK).toISOString()).toBe(
      "2027-01-13T13:00:00.000Z",
    );
    expect(nextMorning(new Date("2027-01-13T14:00:00Z"), NEW_YORK).toISOString()).toBe(
      "2027-01-14T13:00:00.000Z",
    );
    // Clocks go forward on March 14, 2027 at 02:00: 08:00 that morning is EDT.
    expect(nextMorning(new Date("2027-03-14T04:00:00Z"), NEW_YORK).toISOString()).toBe(
      "2027-03-14T12:00:00.000Z",
    );
    // An unknown zone reads as the default one.
    expect(nextMorning(new Date("2027-01-13T04:00:00Z"), "Not/AZone").toISOString()).toBe(
      "2027-01-13T13:00:00.000Z",
    );
  });

  it("count the cap per local day", () => {
    const { start, end } = localDay(new Date("2027-01-13T03:00:00Z"), NEW_YORK); // 22:00 on Jan 12
    expect(start.toISOString()).toBe("2027-01-12T05:00:00.000Z");
    expect(end.toISOString()).toBe("2027-01-13T05:00:00.000Z");
  });
});
