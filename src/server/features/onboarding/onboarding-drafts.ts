import { and, eq } from "drizzle-orm";
import type { OnboardingSide, Role } from "../../../shared/constants";
import {
  ONBOARDING_DRAFT_LIMITS,
  ONBOARDING_MESSAGES,
  type OnboardingDraft,
  type SaveOnboardingDraft,
} from "../../../shared/schemas/onboarding";
import type { Db } from "../../db/client";
import { buyerProfiles, onboardingDrafts, publisherProfiles, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Viewer } from "../../lib/viewer";

// The onboarding wizards' drafts: one per user and side, the user always the session's. A guest may keep
// a draft on either side (they have not chosen by creating a profile yet); a publisher only on the
// publisher side, a buyer only on the buyer side; an administrator holds no profile, so no draft. The
// draft is the person's typing, never trusted: the profile's own schema checks it when it is submitted.

const EMPTY_DRAFT: OnboardingDraft = { step: 1, data: {}, updatedAt: null };

/** 403 unless a user of this role may onboard on this side. */
function assertMayOnboard(role: Role, side: OnboardingSide): void {
  if (role === "admin") throw new AppError("forbidden", ONBOARDING_MESSAGES.adminsDoNotOnboard);
  if (role === "buyer" && side === "publisher")
    throw new AppError("forbidden", ONBOARDING_MESSAGES.buyerAccount);
  if (role === "publisher" && side === "buyer") {
    throw new AppError("forbidden", ONBOARDING_MESSAGES.publisherAccount);
  }
}

/** GET /api/onboarding/{side}/draft: the viewer's draft, or step 1 with no fields. */
export async function getOnboardingDraft({
  db,
  viewer,
  side,
}: {
  db: Db;
  viewer: Viewer;
  side: OnboardingSide;
}): Promise<OnboardingDraft> {
  assertMayOnboard(viewer.role, side);
  const [row] = await db
    .select()
    .from(onboardingDrafts)
    .where(and(eq(onboardingDrafts.userId, viewer.id), eq(onboardingDrafts.side, side)));
  if (!row) return EMPTY_DRAFT;
  const data = row.data && typeof row.data === "object" && !Array.isArray(row.data) ? row.data : {};
  return { step: row.step, data: data as Record<string, unknown>, updatedAt: row.updatedAt.toISOString() };
}

/**
 * PUT /api/onboarding/{side}/draft: replaces the viewer's draft. 413 beyond the size limit; 409 once the
 * profile of that side exists (the wizard is done, and a late save must not leave a draft behind it).
 * The user row is read under a share lock, so a save waits for a profile being created at the same
 * moment (which locks it for update) and then sees it.
 */
export async function saveOnboardingDraft({
  db,
  viewer,
  side,
  draft,
}: {
  db: Db;
  viewer: Viewer;
  side: OnboardingSide;
  draft: SaveOnboardingDraft;
}): Promise<OnboardingDraft> {
  assertMayOnboard(viewer.role, side);
  if (Buffer.byteLength(JSON.stringify(draft.data)) > ONBOARDING_DRAFT_LIMITS.maxBytes) {
    throw new AppError("payload_too_large", ONBOARDING_MESSAGES.tooLarge);
  }
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, viewer.id))
      .for("share");
    if (!user) throw new AppError("unauthorized", "Unauthorized");
    assertMayOnboard(user.role, side);
    const profiles = side === "buyer" ? buyerProfiles : publisherProfiles;
    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.userId, viewer.id));
    if (profile) throw new AppError("conflict", ONBOARDING_MESSAGES.profileExists);
    const now = new Date();
    const [row] = await tx
      .insert(onboardingDrafts)
      .values({ userId: viewer.id, side, step: draft.step, data: draft.data, updatedAt: now })
      .onConflictDoUpdate({
        target: [onboardingDrafts.userId, onboardingDrafts.side],
        set: { step: draft.step, data: draft.data, updatedAt: now },
      })
      .returning();
    if (!row) throw new AppError("internal", "The draft could not be saved");
    return { step: row.step, data: draft.data, updatedAt: row.updatedAt.toISOString() };
  });
}

/** Forgets the user's draft of one side: called in the transaction that creates that side's profile. */
export async function deleteOnboardingDraft(tx: Db, userId: string, side: OnboardingSide): Promise<void> {
  await tx
    .delete(onboardingDrafts)
    .where(and(eq(onboardingDrafts.userId, userId), eq(onboardingDrafts.side, side)));
}
