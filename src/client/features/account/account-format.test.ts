import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "../../../shared/format";
import type { AccountSession } from "../../../shared/schemas/account";
import {
  deliveryResult,
  describeLastUse,
  describePlanStatus,
  formatLastActive,
  isConfirmEmail,
  sessionLabel,
  signInMethodLabel,
  signOutNames,
  webhookStatus,
} from "./account-format";

const session = (overrides: Partial<AccountSession>): AccountSession => ({
  id: "s1",
  current: false,
  createdAt: "2026-11-20T10:00:00Z",
  lastSeenAt: "2026-11-26T11:00:00Z",
  ipPrefix: "203.0.113.x",
  browser: "Chrome 131",
  os: "macOS 15.1",
  signInMethod: "email",
  ...overrides,
});

describe("sessionLabel", () => {
  it("names the browser and the system, whichever is known", () => {
    expect(sessionLabel({ browser: "Chrome 131", os: "macOS 15.1" })).toBe("Chrome 131 on macOS 15.1");
    expect(sessionLabel({ browser: "Safari 18", os: null })).toBe("Safari 18");
    expect(sessionLabel({ browser: null, os: "Android 14" })).toBe("A browser on Android 14");
    expect(sessionLabel({ browser: null, os: null })).toBe("Unknown device");
  });
});

describe("signOutNames", () => {
  it("names each Sign out button after its session", () => {
    const names = signOutNames([
      session({ id: "a", current: true }),
      session({ id: "b", browser: "Firefox 133" }),
    ]);
    expect(names.get("b")).toBe("Sign out Firefox 133 on macOS 15.1");
  });

  it("tells two sessions of the same browser apart by when they signed in", () => {
    const names = signOutNames([
      session({ id: "a", createdAt: "2026-11-20T10:00:00Z" }),
      session({ id: "b", createdAt: "2026-11-21T10:00:00Z" }),
    ]);
    expect(names.get("a")).toMatch(/^Sign out Chrome 131 on macOS 15\.1, signed in Nov 20, 2026, /);
    expect(names.get("a")).not.toBe(names.get("b"));
  });
});

describe("formatLastActive", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");

  it("says just now, minutes, hours and days ago, then the date", () => {
    expect(formatLastActive("2026-11-26T11:57:00Z", now)).toBe("Just now");
    expect(formatLastActive("2026-11-26T11:35:00Z", now)).toBe("25 minutes ago");
    expect(formatLastActive("2026-11-26T11:00:00Z", now)).toBe("1 hour ago");
    expect(formatLastActive("2026-11-24T09:00:00Z", now)).toBe("2 days ago");
    expect(formatLastActive("2026-11-01T12:00:00Z", now)).toBe("Nov 1, 2026");
  });

  it("says so when the server has no time", () => {
    expect(formatLastActive(null, now)).toBe("Not recorded");
  });
});

describe("signInMethodLabel", () => {
  it("names every sign-in method in words", () => {
    expect(signInMethodLabel("email")).toBe("Email link");
    expect(signInMethodLabel("oidc")).toBe("Single sign-on");
    expect(signInMethodLabel("dev")).toBe("Development sign-in");
    expect(signInMethodLabel(null)).toBe("Not recorded");
  });
});

describe("describePlanStatus", () => {
  const plan = {
    name: "Premium",
    status: "active",
    currentPeriodEnd: "2027-12-01T12:00:00Z",
    smsAddon: false,
  };

  it("says until when Premium is paid, or when a trial ends", () => {
    expect(describePlanStatus(plan)).toBe("Active · paid through Dec 1, 2027");
    expect(describePlanStatus({ ...plan, status: "trialing" })).toBe("Trial · ends on Dec 1, 2027");
    expect(describePlanStatus({ ...plan, status: "canceled" })).toBe("Cancelled · ends on Dec 1, 2027");
    expect(describePlanStatus({ ...plan, status: "past_due" })).toBe("Payment failed · ends on Dec 1, 2027");
  });

  it("adds nothing to Free or to Premium granted without a subscription", () => {
    expect(
      describePlanStatus({ name: "Free", status: null, currentPeriodEnd: null, smsAddon: false }),
    ).toBeNull();
    expect(describePlanStatus({ ...plan, status: null, currentPeriodEnd: null })).toBeNull();
  });
});

describe("isConfirmEmail", () => {
  it("takes the account's address again, spaces and case aside, and nothing else", () => {
    expect(isConfirmEmail(" Pat@Example.test ", "pat@example.test")).toBe(true);
    expect(isConfirmEmail("pat@example.tes", "pat@example.test")).toBe(false);
    expect(isConfirmEmail("", "pat@example.test")).toBe(false);
  });
});

describe("describeLastUse", () => {
  it("says when and from which network a key was last used, or that it never was", () => {
    const at = "2026-11-26T11:00:00Z";
    expect(describeLastUse({ lastUsedAt: at, lastUsedIp: "203.0.113.x" })).toBe(
      `${formatDateTime(at)} from 203.0.113.x`,
    );
    expect(describeLastUse({ lastUsedAt: at, lastUsedIp: null })).toBe(formatDateTime(at));
    expect(describeLastUse({ lastUsedAt: null, lastUsedIp: null })).toBe("Never used");
  });
});

describe("webhookStatus", () => {
  it("reads disabled before failing before active", () => {
    const at = "2026-11-25T08:00:00Z";
    expect(webhookStatus({ failingSince: at, disabledAt: at }).label).toBe(`Disabled on ${formatDate(at)}`);
    expect(webhookStatus({ failingSince: at, disabledAt: null }).label).toBe(
      `Failing since ${formatDateTime(at)}`,
    );
    expect(webhookStatus({ failingSince: null, disabledAt: null })).toEqual({
      label: "Active",
      tone: "green",
    });
  });
});

describe("deliveryResult", () => {
  it("gives the error as the server words it, else the status code, or that no attempt was made", () => {
    expect(deliveryResult({ lastStatusCode: 200, lastError: null })).toBe("HTTP 200");
    // The server's error already names the status: it is not said twice.
    expect(deliveryResult({ lastStatusCode: 500, lastError: "HTTP 500: not a 2xx answer" })).toBe(
      "HTTP 500: not a 2xx answer",
    );
    expect(deliveryResult({ lastStatusCode: null, lastError: "Could not connect: no answer" })).toBe(
      "Could not connect: no answer",
    );
    expect(deliveryResult({ lastStatusCode: null, lastError: null })).toBe("Not tried yet");
  });
});
