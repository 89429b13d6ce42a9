import type { AccountExportSection } from "../../lib/account-export";
import { getSubscriptionSummary, hasSmsAddon } from "./summary";

// The plans in the data export (features/account/account-export.ts).

/** Premium as the subscription summary tells it, and whether the SMS Alerts add-on runs. */
export const subscriptionSection: AccountExportSection = {
  key: "subscription",
  read: async ({ db, stripe, viewer }) => {
    const { canManageBilling: _billing, ...premium } = await getSubscriptionSummary({ db, stripe, viewer });
    return { ...premium, smsAddon: await hasSmsAddon(db, viewer.id) };
  },
};
