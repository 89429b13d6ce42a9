import { type AccountExportSection, EXPORT_SECTION_LIMIT } from "../../lib/account-export";
import { listMyReviews } from "./reviews";

// The reviews in the data export (features/account/account-export.ts): written and received.

export const reviewsSection: AccountExportSection = {
  key: "reviews",
  read: ({ db, viewer }) => listMyReviews({ db, viewer, limit: EXPORT_SECTION_LIMIT }),
};
