import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../../shared/format";
import { auditActionName, describeAuditEntry, describeChanges, fieldLabel } from "./audit-sentences";

describe("audit entry changes", () => {
  it("reads before and after field by field as sentences, leaving out fields empty on both sides", () => {
    expect(
      describeChanges({ before: { status: "pending" }, after: { status: "approved", reviewReason: null } }),
    ).toEqual(["Status changed from “pending” to “approved”."]);
  });

  it("formats dates with the admin screens' date formatter, never the raw timestamp", () => {
    const at = "2026-11-25T14:03:00.000Z";
    const lines = describeChanges({ before: { disabledAt: null }, after: { disabledAt: at } });
    expect(lines).toEqual([`Disabled at set to ${formatDateTime(at)}.`]);
    expect(lines[0]).not.toContain("2026-11-25T");
  });

  it("says what was cleared, lists, numbers and yes or no", () => {
    expect(
      describeChanges({
        before: {
          reviewReason: "Too short",
          geos: ["Texas"],
          avgDailyCalls: 1200,
          complimentaryPremium: false,
        },
        after: { reviewReason: null, geos: [], avgDailyCalls: 1500, complimentaryPremium: true },
      }),
    ).toEqual([
      "Review reason cleared (was “Too short”).",
      "Geographies changed from Texas to none.",
      "Average daily calls changed from 1,200 to 1,500.",
      "Complimentary Premium changed from no to yes.",
    ]);
  });

  it("describes a deletion and ignores entries without halves", () => {
    expect(describeChanges({ before: { title: "Old" }, after: null })).toEqual(["Title was “Old”."]);
    expect(describeChanges({ method: "magic-link" })).toEqual([]);
    expect(describeChanges(null)).toEqual([]);
  });

  it("labels fields in words", () => {
    expect(fieldLabel("disabledAt")).toBe("Disabled at");
    expect(fieldLabel("qualityScore")).toBe("Quality score");
  });
});

describe("audit entries as sentences", () => {
  const by = { userId: "u1", userEmail: "admin@demo.test" };

  it.each([
    [
      { action: "auth.login", meta: { method: "magic-link" } },
      "admin@demo.test signed in with an email link.",
    ],
    [{ action: "publisher.approved", meta: {} }, "admin@demo.test approved a publisher application."],
    [
      { action: "user.disabled", meta: { sessionsEnded: 2 } },
      "admin@demo.test disabled an account and ended 2 sessions.",
    ],
    [
      { action: "listing.deleted", meta: { before: { title: "Solar Leads" }, after: null } },
      "admin@demo.test deleted the listing “Solar Leads”.",
    ],
    [
      { action: "listing.imported", meta: { count: 1200, fileName: "june.csv" } },
      "admin@demo.test imported 1,200 listings from june.csv.",
    ],
    [
      { action: "user.role_changed", meta: { before: { role: "guest" }, after: { role: "buyer" } } },
      "admin@demo.test changed a role to buyer.",
    ],
    [
      { action: "boost.granted", meta: { days: 7, reason: "Launch week" } },
      "admin@demo.test granted a complimentary boost of 7 days, saying “Launch week”.",
    ],
    [
      { action: "boost.ended", meta: { reason: "Listing misleading" } },
      "admin@demo.test ended a listing's boost, saying “Listing misleading”.",
    ],
    [{ action: "boost.purchased", meta: { days: 14 } }, "admin@demo.test bought a Boost of 14 days."],
    [
      { action: "boost.refund_issued", meta: { reason: "Bought by mistake" } },
      "admin@demo.test refunded a paid Boost through Stripe, saying “Bought by mistake”.",
    ],
    [
      { action: "subscription.refunded", meta: { product: "sms", reason: "Within the guarantee" } },
      "admin@demo.test refunded SMS Alerts through Stripe and ended it, saying “Within the guarantee”.",
    ],
    [
      { action: "boost.payment_failed", meta: { message: "Your card was declined." } },
      "admin@demo.test failed to pay for a Boost (Stripe: “Your card was declined”).",
    ],
    [
      { action: "user.sessions_ended", meta: { before: null, after: null, ended: 3 } },
      "admin@demo.test ended all 3 sessions of a user.",
    ],
    [
      { action: "user.sessions_ended", meta: { before: null, after: null, ended: 1 } },
      "admin@demo.test ended the one session of a user.",
    ],
    [{ action: "user.sessions_ended", meta: {} }, "admin@demo.test ended all sessions of a user."],
    [
      { action: "account.sessions_ended", meta: { ended: 2 } },
      "admin@demo.test signed out 2 of their sessions.",
    ],
    [
      { action: "account.sessions_ended", meta: { ended: 3, via: "sign-in alert" } },
      "admin@demo.test signed out everywhere from a sign-in alert (3 sessions).",
    ],
    [{ action: "account.email_changed", meta: {} }, "admin@demo.test changed their email address."],
    [
      { action: "account.email_change_undone", meta: {} },
      "admin@demo.test undid a change of their email address and signed out everywhere.",
    ],
    [{ action: "account.deleted", meta: {} }, "admin@demo.test deleted their account."],
  ])("reads %j", (entry, sentence) => {
    expect(describeAuditEntry({ ...by, ...entry })).toBe(sentence);
  });

  it("names who acted when they are gone, or the system", () => {
    expect(describeAuditEntry({ action: "review.hidden", userId: "u1", userEmail: null, meta: null })).toBe(
      "A deleted user hid a review.",
    );
    expect(describeAuditEntry({ action: "user.created", userId: null, userEmail: null, meta: null })).toBe(
      "The system created an account.",
    );
  });

  it("still reads as a sentence for an action it does not know, and for Stripe's events", () => {
    expect(describeAuditEntry({ ...by, action: "payout.sent_early", meta: null })).toBe(
      "admin@demo.test: payout sent early.",
    );
    expect(
      describeAuditEntry({
        ...by,
        action: "stripe.customer.subscription.updated",
        meta: { status: "active" },
      }),
    ).toBe("Stripe reported customer.subscription.updated for admin@demo.test.");
  });

  it("names actions for the filter in words", () => {
    expect(auditActionName("user.disabled")).toBe("Account disabled");
    expect(auditActionName("stripe.invoice.paid")).toBe("Stripe: invoice.paid");
    expect(auditActionName("payout.sent_early")).toBe("Payout sent early");
  });
});
