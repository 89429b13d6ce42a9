import { accountSection, appSection, exportedAtSection } from "./features/account/export-sections";
import { alertPreferencesSection, savedSearchesSection } from "./features/alerts/export-sections";
import { apiKeysSection, sessionsSection } from "./features/auth/export-sections";
import { boostPurchasesSection } from "./features/boosts/export-sections";
import { buyerVerificationsSection } from "./features/buyer-verification/export-sections";
import { buyerProfileSection, ownListingsSection } from "./features/buyers/export-sections";
import { dealIntentsSection } from "./features/deal-intents/export-sections";
import { disputesSection } from "./features/disputes/export-sections";
import { listingsCsvFile } from "./features/listing-import/export-sections";
import { savedListingsSection } from "./features/listings/export-sections";
import { complianceRecordsSection, publisherProfileSection } from "./features/publishers/export-sections";
import { reviewsSection } from "./features/reviews/export-sections";
import { smsConsentRecordsSection, smsNumberSection, smsTextsSection } from "./features/sms/export-sections";
import { subscriptionSection } from "./features/subscriptions/export-sections";
import { webhookEndpointsSection } from "./features/webhooks/export-sections";
import type { AccountExportParts } from "./lib/account-export";

/**
 * The Account page's data export, composed here as app.ts composes the routes: each feature exports its
 * part of it from its own folder (lib/account-export.ts), and this list puts them in the order
 * account.json is written, so the account feature reads none of them. A feature that starts holding a
 * user's data adds its section here.
 */
export const ACCOUNT_EXPORT_PARTS: AccountExportParts = {
  sections: [
    exportedAtSection,
    appSection,
    accountSection,
    publisherProfileSection,
    complianceRecordsSection,
    buyerProfileSection,
    buyerVerificationsSection,
    ownListingsSection,
    dealIntentsSection,
    reviewsSection,
    disputesSection,
    savedListingsSection,
    savedSearchesSection,
    alertPreferencesSection,
    smsNumberSection,
    smsConsentRecordsSection,
    smsTextsSection,
    sessionsSection,
    apiKeysSection,
    webhookEndpointsSection,
    subscriptionSection,
    boostPurchasesSection,
  ],
  files: [listingsCsvFile],
};
