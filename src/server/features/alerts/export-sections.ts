import type { AccountExportSection } from "../../lib/account-export";
import { getAlertPreferences } from "./alert-preferences";
import { listSavedSearches } from "./saved-searches";

// Alerts in the data export (features/account/account-export.ts). They are a publisher's (their reads
// refuse anyone else): others have none.

export const savedSearchesSection: AccountExportSection = {
  key: "savedSearches",
  read: async ({ db, viewer }) => (viewer.role === "publisher" ? listSavedSearches({ db, viewer }) : []),
};

export const alertPreferencesSection: AccountExportSection = {
  key: "alertPreferences",
  read: async ({ db, viewer }) => (viewer.role === "publisher" ? getAlertPreferences({ db, viewer }) : null),
};
