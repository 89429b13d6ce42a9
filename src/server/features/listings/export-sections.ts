import { type AccountExportSection, EXPORT_SECTION_LIMIT } from "../../lib/account-export";
import { listSavedListings } from "./saved-listings";

// Saved listings in the data export (features/account/account-export.ts), read as the directory reads
// them for this viewer, so their contacts follow the contact rule.

export const savedListingsSection: AccountExportSection = {
  key: "savedListings",
  read: async ({ db, viewer, now }) =>
    (await listSavedListings({ db, viewer, now: now(), limit: EXPORT_SECTION_LIMIT })).listings,
};
