import { type AccountExportSection, EXPORT_SECTION_LIMIT } from "../../lib/account-export";
import { listMyDisputes } from "./disputes";

// The disputes in the data export (features/account/account-export.ts).

export const disputesSection: AccountExportSection = {
  key: "disputes",
  read: ({ db, viewer }) => listMyDisputes({ db, viewer, limit: EXPORT_SECTION_LIMIT }),
};
