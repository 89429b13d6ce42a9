import type { AccountExportSection } from "../../lib/account-export";
import { listOwnVerificationAttempts } from "./verification-attempts";

// The buyer's verification attempts in the data export (features/account/account-export.ts).

export const buyerVerificationsSection: AccountExportSection = {
  key: "buyerVerifications",
  read: ({ db, viewer, now }) => listOwnVerificationAttempts({ db, viewer, now: now() }),
};
