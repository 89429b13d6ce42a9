import { describe, expect, it } from "vitest";
import type {
  BuyerVerificationAttempt,
  BuyerVerificationState,
} from "../../../shared/schemas/buyer-verification";
import { formatTriesLeft, isCodePending, verificationStage } from "./verification-stage";

const attempt = (changes: Partial<BuyerVerificationAttempt>): BuyerVerificationAttempt => ({
  id: "a1",
  status: "in_progress",
  domain: "acme.example",
  domainMethod: null,
  domainEvidence: null,
  domainVerifiedAt: null,
  workEmail: null,
  emailVerifiedAt: null,
  codeExpiresAt: null,
  codeAttemptsLeft: 5,
  submittedAt: null,
  decidedAt: null,
  decisionReason: null,
  expiresAt: null,
  revokedAt: null,
  revokeReason: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  ...changes,
});

const badge = {
  since: "2026-01-01T00:00:00.000Z",
  until: "2027-01-01T00:00:00.000Z",
  domainMethod: "dns" as const,
  domainVerifiedAt: "2025-12-20T00:00:00.000Z",
  emailVerifiedAt: "2025-12-21T00:00:00.000Z",
  reviewedAt: "2026-01-01T00:00:00.000Z",
};

const state = (changes: Partial<BuyerVerificationState>): BuyerVerificationState => ({
  website: "https://acme.example",
  domain: "acme.example",
  txtRecord: "ppc-verify=abc",
  metaTag: "abc",
  badge: null,
  isRenewalDue: false,
  current: null,
  ...changes,
});

describe("verificationStage", () => {
  it("walks an attempt through the domain, the work email and the review", () => {
    expect(verificationStage(state({}))).toBe("not-started");
    expect(verificationStage(state({ current: attempt({}) }))).toBe("domain");
    const domainDone = { domainVerifiedAt: "2026-11-02T00:00:00.000Z" };
    expect(verificationStage(state({ current: attempt(domainDone) }))).toBe("email");
    const both = { ...domainDone, emailVerifiedAt: "2026-11-02T01:00:00.000Z" };
    expect(verificationStage(state({ current: attempt(both) }))).toBe("ready");
    expect(verificationStage(state({ current: attempt({ ...both, status: "submitted" }) }))).toBe(
      "submitted",
    );
  });

  it("restarts an attempt whose domain is no longer the website's", () => {
    expect(verificationStage(state({ domain: "acme-new.example", current: attempt({}) }))).toBe(
      "website-changed",
    );
  });

  it("shows the badge, and a renewal in progress over it", () => {
    expect(verificationStage(state({ badge, current: attempt({ status: "approved" }) }))).toBe("verified");
    expect(verificationStage(state({ badge, current: attempt({}) }))).toBe("domain");
  });

  it("ends on the last attempt's outcome: rejected, revoked or lapsed", () => {
    expect(verificationStage(state({ current: attempt({ status: "rejected" }) }))).toBe("rejected");
    expect(verificationStage(state({ current: attempt({ status: "revoked" }) }))).toBe("revoked");
    expect(verificationStage(state({ current: attempt({ status: "approved" }) }))).toBe("lapsed");
  });
});

describe("isCodePending", () => {
  const now = Date.parse("2026-11-02T00:00:00.000Z");
  const mailed = { workEmail: "jo@acme.example", codeExpiresAt: "2026-11-02T00:30:00.000Z" };
  it("holds while the mailed code is good and has tries left", () => {
    expect(isCodePending(state({ current: attempt(mailed) }), now)).toBe(true);
    expect(isCodePending(state({ current: attempt({ ...mailed, codeAttemptsLeft: 0 }) }), now)).toBe(false);
    expect(isCodePending(state({ current: attempt(mailed) }), now + 31 * 60_000)).toBe(false);
    expect(isCodePending(state({ current: attempt({}) }), now)).toBe(false);
  });

  it("counts the tries left in words", () => {
    expect(formatTriesLeft(1)).toBe("1 try left");
    expect(formatTriesLeft(4)).toBe("4 tries left");
  });
});
