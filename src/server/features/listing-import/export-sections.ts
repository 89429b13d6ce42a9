import { eq } from "drizzle-orm";
import { buyerProfiles } from "../../db/schema";
import type { AccountExportFile } from "../../lib/account-export";
import { exportListingsCsv } from "./export-listings";

// listings.csv in the data export (features/account/account-export.ts): a buyer's listings in the admin
// import's columns, so the file can be imported again.

/**
 * Only an account with a buyer profile has listings to list: the file is there for it even empty (header
 * only), and absent for everyone else.
 */
export const listingsCsvFile: AccountExportFile = {
  name: "listings.csv",
  open: async ({ db, viewer }) => {
    const [buyer] = await db
      .select({ id: buyerProfiles.id })
      .from(buyerProfiles)
      .where(eq(buyerProfiles.userId, viewer.id));
    return buyer ? () => exportListingsCsv(db, { ownerUserId: viewer.id }) : null;
  },
};
