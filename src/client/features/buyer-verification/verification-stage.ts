import type { BuyerVerificationState } from "../../../shared/schemas/buyer-verification";

/**
 * Where a buyer stands, from the server's state: proving the domain, then the work email, then ready to
 * send; waiting for review; verified; or the end of the last attempt (rejected, revoked, lapsed), from
 * which a new one starts. An open attempt wins over the badge: a renewal runs while the badge still shows.
 */
export type VerificationStage =
  | "not-started"
  | "website-changed"
  | "domain"
  | "email"
  | "ready"
  | "submitted"
  | "verified"
  | "rejected"
  | "revoked"
  | "lapsed";

export function verificationStage(state: BuyerVerificationState): VerificationStage {
  const current = state.current;
  if (current?.status === "in_progress") {
    // The profile's website changed under the attempt: its proofs are of another domain, so it restarts.
    if (state.domain && current.domain !== state.domain) return "website-changed";
    if (!current.domainVerifiedAt) return "domain";
    return current.emailVerifiedAt ? "ready" : "email";
  }
  if (current?.status === "submitted") return "submitted";
  if (state.badge) return "verified";
  if (current?.status === "rejected") return "rejected";
  if (current?.status === "revoked") return "revoked";
  // Approved once, but the term has ended (the badge is gone without any change of state).
  if (current?.status === "approved") return "lapsed";
  return "not-started";
}

/** A code was mailed and can still be entered (not expired, tries left). */
export function isCodePending(state: BuyerVerificationState, now: number): boolean {
  const current = state.current;
  if (!current?.workEmail || !current.codeExpiresAt || current.codeAttemptsLeft <= 0) return false;
  return Date.parse(current.codeExpiresAt) > now;
}

/** "5 tries left", "1 try left". */
export function formatTriesLeft(count: number): string {
  return `${count} ${count === 1 ? "try" : "tries"} left`;
}
