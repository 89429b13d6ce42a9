import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../shared/constants";
import type { BuyerProfile, CreateBuyerProfile, UpdateBuyerProfile } from "../../../shared/schemas/buyers";
import type { Db } from "../../db/client";
import { auditLogs, buyerProfiles, publisherProfiles, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { assertBuyerRole, type Viewer } from "../../lib/viewer";
import { deleteOnboardingDraft } from "../onboarding/onboarding-drafts";

// The buyer's company profile (the buyer dashboard, /api/buyer-profile): one per user, read and changed
// by its owner only; creating it makes a guest a buyer.

type BuyerProfileRow = typeof buyerProfiles.$inferSelect;

function toBuyerProfile(row: BuyerProfileRow): BuyerProfile {
  return {
    id: row.id,
    company: row.company,
    verticals: row.verticals,
    payoutMin: row.payoutMin,
    payoutMax: row.payoutMax,
    paymentTerms: row.paymentTerms,
    callDurationRequirement: row.callDurationRequirement,
    geoCoverage: row.geoCoverage,
    dailyCap: row.dailyCap,
    integrationOptions: row.integrationOptions,
    notes: row.notes,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    applicationUrl: row.applicationUrl,
    website: row.website,
    callHours: row.callHours,
    timeZone: row.timeZone,
    isVerified: row.verifiedUntil !== null && row.verifiedUntil > new Date(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The viewer's buyer profile row, if they have one. */
async function findBuyerProfile(db: Db, userId: string): Promise<BuyerProfileRow | undefined> {
  const [row] = await db.select().from(buyerProfiles).where(eq(buyerProfiles.userId, userId));
  return row;
}

/** The viewer's profile, or a 403 telling them to create one (listings and analytics need it). */
export async function requireBuyerProfile(db: Db, viewer: Viewer): Promise<BuyerProfileRow> {
  const profile = await findBuyerProfile(db, viewer.id);
  if (profile) assertBuyerRole(viewer);
  if (!profile) throw new AppError("forbidden", MESSAGES.buyerProfileRequired);
  return profile;
}

/** GET /api/buyer-profile: the viewer's own profile, or null (an empty result means no profile). */
export async function getBuyerProfile({
  db,
  viewer,
}: {
  db: Db;
  viewer: Viewer;
}): Promise<BuyerProfile | null> {
  const row = await findBuyerProfile(db, viewer.id);
  return row ? toBuyerProfile(row) : null;
}

/**
 * POST /api/buyer-profile: creates the viewer's profile and, in the same transaction, makes a guest a
 * buyer and deletes their buyer onboarding draft (a user is a publisher or a buyer, never both). 409 when they have a profile
 * already, or are a publisher. An admin keeps the admin role.
 */
export async function createBuyerProfile({
  db,
  viewer,
  input,
}: {
  db: Db;
  viewer: Viewer;
  input: CreateBuyerProfile;
}): Promise<BuyerProfile> {
  return db.transaction(async (tx) => {
    // Lock the user row: two concurrent creates for one user serialise here, and the second finds the
    // first's profile (the unique index on user_id backs this up).
    const [user] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, viewer.id))
      .for("update");
    if (!user) throw new AppError("unauthorized", MESSAGES.unauthorized);
    const [publisher] = await tx
      .select({ id: publisherProfiles.id })
      .from(publisherProfiles)
      .where(eq(publisherProfiles.userId, viewer.id));
    if (user.role === "publisher" || publisher) {
      throw new AppError(
        "conflict",
        "This account is a publisher account. Use another account to buy calls and leads.",
      );
    }
    const [existing] = await tx
      .select({ id: buyerProfiles.id })
      .from(buyerProfiles)
      .where(eq(buyerProfiles.userId, viewer.id));
    if (existing) throw new AppError("conflict", "You already have a buyer profile.");

    const [row] = await tx
      .insert(buyerProfiles)
      .values({ userId: viewer.id, ...input })
      .returning();
    if (!row) throw new AppError("internal", "The buyer profile could not be created");
    await tx
      .update(users)
      .set({ role: "buyer", updatedAt: new Date() })
      .where(and(eq(users.id, viewer.id), eq(users.role, "guest")));
    // The wizard is done: its draft goes with the same commit (a failed create keeps it).
    await deleteOnboardingDraft(tx, viewer.id, "buyer");
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: "buyer_profile.created",
      targetId: row.id,
      metaJson: { after: { company: row.company } },
    });
    return toBuyerProfile(row);
  });
}

/**
 * PUT /api/buyer-profile: changes the given fields of the viewer's own profile (there is no id to
 * guess: the session names the profile). 404 when they have none.
 */
export async function updateBuyerProfile({
  db,
  viewer,
  input,
}: {
  db: Db;
  viewer: Viewer;
  input: UpdateBuyerProfile;
}): Promise<BuyerProfile> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(buyerProfiles)
      .where(eq(buyerProfiles.userId, viewer.id))
      .for("update");
    if (!current) throw new AppError("not_found", "No buyer profile yet: create one first.");
    const payoutMin = input.payoutMin !== undefined ? input.payoutMin : current.payoutMin;
    const payoutMax = input.payoutMax !== undefined ? input.payoutMax : current.payoutMax;
    if (payoutMin !== null && payoutMax !== null && Number(payoutMin) > Number(payoutMax)) {
      throw new AppError("validation", "Minimum payout must not be more than the maximum payout");
    }
    const [row] = await tx
      .update(buyerProfiles)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(buyerProfiles.id, current.id))
      .returning();
    if (!row) throw new AppError("not_found", "No buyer profile yet: create one first.");
    const changed = Object.keys(input) as (keyof UpdateBuyerProfile)[];
    // The contact email is named among the fields but its values are not kept: the audit log outlives
    // a deleted account, and the address is often the person's own.
    const logged = changed.filter((k) => k !== "contactEmail");
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: "buyer_profile.updated",
      targetId: row.id,
      metaJson: {
        fields: changed,
        before: Object.fromEntries(logged.map((k) => [k, current[k]])),
        after: Object.fromEntries(logged.map((k) => [k, row[k]])),
      },
    });
    return toBuyerProfile(row);
  });
}
