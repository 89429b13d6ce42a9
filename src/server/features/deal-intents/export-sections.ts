import { type AccountExportSection, EXPORT_SECTION_LIMIT } from "../../lib/account-export";
import { listDealIntents } from "./deal-intents";

// The deal intents in the data export (features/account/account-export.ts): sent and received, the other
// party named as the workspaces name it.

export const dealIntentsSection: AccountExportSection = {
  key: "dealIntents",
  read: ({ db, viewer }) => listDealIntents({ db, viewer, limit: EXPORT_SECTION_LIMIT }),
};
