import { eq, sql } from "drizzle-orm";
import { DEFAULT_ALERT_FREQUENCY, DEFAULT_TIME_ZONE } from "../../../shared/constants";
import {
  ALERT_MESSAGES,
  type AlertPreferences,
  type UpdateAlertPreferences,
} from "../../../shared/schemas/alerts";
import type { Db } from "../../db/client";
import { notificationPreferences, subscriptions } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { activeSubscriptionNow } from "../../lib/premium";
import type { Viewer } from "../../lib/viewer";

// The Alerts tab's settings (the notification_preferences row, docs/publishers.md "Listing alerts"):
// GET answers the stored settings (or the defaults before the first save), PUT changes any subset.
// Instant alerts are a Premium benefit: a free user choosing them is refused with premium_required;
// without Premium a stored "instant" reads, and is sent, as daily, and the Stripe sync stores daily
// once Premium ends (fallBackFromInstantAlerts).

type PreferencesRow = typeof notificationPreferences.$inferSelect;

/** Alerts belong to publishers: the Alerts tab is on their dashboard (a guest has none yet). */
export function requirePublisher(viewer: Viewer): void {
  if (viewer.role !== "publisher") throw new AppError("forbidden", ALERT_MESSAGES.publisherOnly);
}

/**
 * The zone SMS quiet hours follow: the one saved with these settings, else DEFAULT_TIME_ZONE. The
 * Alerts form and the SMS section both show what this answers, and the texts are held by it, so
 * saving the form as shown never moves the quiet hours.
 */
export function quietHoursTimeZone(saved: string | null | undefined): string {
  return saved ?? DEFAULT_TIME_ZONE;
}

/** What the settings read as before the first save: weekly, by email, any listing. */
const DEFAULTS: Omit<AlertPreferences, "configured"> = {
  filtersEnabled: true,
  verticals: [],
  geos: [],
  tags: [],
  minPayout: null,
  frequency: DEFAULT_ALERT_FREQUENCY,
  channels: ["email"],
  timeZone: quietHoursTimeZone(null),
  unsubscribedAt: null,
};

function toPreferences(row: PreferencesRow | undefined, viewer: Viewer): AlertPreferences {
  if (!row) return { configured: false, ...DEFAULTS };
  return {
    configured: true,
    filtersEnabled: row.filtersEnabled,
    verticals: row.verticals,
    geos: row.geos,
    tags: row.tags,
    minPayout: row.minPayout,
    // Instant is Premium's: for anyone else it reads (and is sent) as daily.
    frequency: row.frequency === "instant" && !viewer.hasActiveSubscription ? "daily" : row.frequency,
    channels: row.channels.filter((c): c is "email" => c === "email"),
    timeZone: quietHoursTimeZone(row.timeZone),
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

/** GET /api/notification-preferences */
export async function getAlertPreferences({
  db,
  viewer,
}: {
  db: Db;
  viewer: Viewer;
}): Promise<AlertPreferences> {
  requirePublisher(viewer);
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, viewer.id));
  return toPreferences(row, viewer);
}

/**
 * PUT /api/notification-preferences: the fields sent replace the stored ones; empty lists mean "any".
 * Instant needs Premium (403 premium_required). Turning email back on ends an unsubscribe. SMS alerts are
 * not among these settings: they have their own switch (features/sms), and only read the time zone.
 */
export async function updateAlertPreferences({
  db,
  viewer,
  input,
}: {
  db: Db;
  viewer: Viewer;
  input: UpdateAlertPreferences;
}): Promise<AlertPreferences> {
  requirePublisher(viewer);
  if (input.frequency === "instant" && !viewer.hasActiveSubscription) {
    throw new AppError("premium_required", ALERT_MESSAGES.instantNeedsPremium);
  }
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, viewer.id))
      .for("update");
    const {
      configured: _configured,
      unsubscribedAt: _unsubscribedAt,
      ...base
    } = toPreferences(current, viewer);
    const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const next = { ...base, ...defined } as typeof base;
    const values = {
      ...next,
      unsubscribedAt: next.channels.includes("email") ? null : (current?.unsubscribedAt ?? null),
      updatedAt: new Date(),
    };
    const [saved] = await tx
      .insert(notificationPreferences)
      .values({ userId: viewer.id, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
      .returning();
    return saved;
  });
  return toPreferences(row, viewer);
}

/**
 * The preferences row a saved search needs (created with the defaults, the filters switched off: the
 * user asked for that search, not for every listing). Locked, so one user's saves run one at a time.
 */
export async function lockPreferencesForSearch(tx: Db, userId: string): Promise<void> {
  await tx
    .insert(notificationPreferences)
    .values({ userId, filtersEnabled: false })
    .onConflictDoNothing({ target: notificationPreferences.userId });
  await tx
    .select({ id: notificationPreferences.id })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .for("update");
}

/**
 * Instant alerts are a Premium benefit: when Premium ends, they fall back to daily. Called wherever a subscription is
 * written (the Stripe sync, a complimentary grant taken back); a no-op while the user still has Premium.
 * The alert jobs also read instant as daily for anyone without Premium, so a period that simply runs
 * out (no event at all) is covered too.
 */
export async function fallBackFromInstantAlerts(db: Db, userId: string): Promise<void> {
  await db
    .update(notificationPreferences)
    .set({ frequency: "daily", updatedAt: new Date() })
    .where(
      sql`${notificationPreferences.userId} = ${userId} and ${notificationPreferences.frequency} = 'instant'
        and not exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${activeSubscriptionNow()})`,
    );
}
