import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { AccountExportSection } from "../../lib/account-export";

// The data export's first sections (features/account/account-export.ts): when, from which app, and the
// user row itself.

export const exportedAtSection: AccountExportSection = {
  key: "exportedAt",
  read: async ({ now }) => now().toISOString(),
};

export const appSection: AccountExportSection = { key: "app", read: async ({ appName }) => appName };

export const accountSection: AccountExportSection = {
  key: "account",
  read: ({ db, viewer }) => readAccount(db, viewer.id),
};

/** The user row as the person knows it: no Stripe ids, no internal flags. */
async function readAccount(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      phone: users.phone,
      profileImageUrl: users.profileImageUrl,
      verifiedAt: users.verifiedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}
