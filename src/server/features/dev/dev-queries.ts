import { randomBytes } from "node:crypto";
import { and, desc, eq, isNotNull, like, or } from "drizzle-orm";
import type { z } from "zod";
import {
  ACCOUNT_DISABLED_MESSAGE,
  DEFAULT_PAYMENT_TERMS,
  SMS_CONSENT_VERSION,
} from "../../../shared/constants";
import {
  FIXTURE_EMAIL_DOMAIN,
  type Fixture,
  type fixtureListingSchema,
  type fixtureRequestSchema,
} from "../../../shared/schemas/dev";
import { CURRENT_COMPLIANCE_ACK_VERSION } from "../../../shared/schemas/publisher-compliance";
import type { Db } from "../../db/client";
import {
  auditLogs,
  buyerListings,
  buyerProfiles,
  compliance,
  mailOutbox,
  publisherProfiles,
  smsConsents,
  smsNumbers,
  smsOutbox,
  users,
} from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { readCurrentUser } from "../../lib/viewer";
import { unsubscribePath } from "../alerts/unsubscribe";
import { endAllUserSessions } from "../auth/user-sessions";
import { recomputeQualityScore } from "../publishers/quality-score";
import { setComplimentaryPremium } from "../subscriptions/complimentary";

// Development-only helpers behind /api/dev. Nothing here runs outside development:
// app.ts registers the routes only when APP_ENV=development.

/** POST /api/dev/login: the demo account (or fixture user) with that email, signed in by the route. */
export async function findDevLoginUser({ db, email }: { db: Db; email: string }): Promise<{ id: string }> {
  const [user] = await db
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new AppError("not_found", "No such user");
  if (user.disabledAt) throw new AppError("forbidden", ACCOUNT_DISABLED_MESSAGE);
  return { id: user.id };
}

export async function recordDevLogin({ db, userId }: { db: Db; userId: string }): Promise<void> {
  await db.insert(auditLogs).values({ userId, action: "auth.login", metaJson: { method: "dev" } });
}

/** The newest mails of the development outbox (sign-in links, alerts). */
export async function listOutbox({ db }: { db: Db }) {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The newest texts of the development SMS outbox (verification codes, alerts, replies). */
export async function listSmsOutbox({ db }: { db: Db }) {
  const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(50);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------------
// Test fixtures: the browser tests run against a server process on its own embedded database, which the
// test process cannot open, so they create the rows they need here and remove them after each test
// (e2e/support/fixtures.ts). A fixture is one user, the profile their role implies and a buyer's
// listings; its id is the user's id, and deleting the user removes the rest by cascade.

type FixtureSpec = z.output<typeof fixtureRequestSchema>;
type FixtureListing = z.output<typeof fixtureListingSchema>;

const DEFAULT_TITLES = ["Final Expense Inbound Calls", "Medicare Advantage Leads", "Auto Insurance Calls"];

/** Ten lowercase letters: one search word that matches nothing but this fixture's rows. */
function newToken(): string {
  return Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
}

function listingTitle(listing: FixtureListing, index: number, token: string): string {
  const base = listing.title ?? `${DEFAULT_TITLES[index % DEFAULT_TITLES.length]} ${index + 1}`;
  return `${base} ${token}`;
}

export async function createFixture({
  db,
  secret,
  spec,
}: {
  db: Db;
  /** The session secret, which signs the unsubscribe link. */
  secret: string;
  spec: FixtureSpec;
}): Promise<Fixture> {
  const token = newToken();
  const email = `${token}@${FIXTURE_EMAIL_DOMAIN}`;
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        role: spec.role,
        firstName: spec.firstName ?? null,
        lastName: spec.lastName ?? null,
        company: spec.company ?? null,
        verifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!user) throw new AppError("internal", "Fixture user could not be created");

    let publisherProfileId: string | null = null;
    if (spec.role === "publisher") {
      // A publisher is a user with a publisher profile; approved like the demo's unless the
      // test asks for an application to review.
      const [profile] = await tx
        .insert(publisherProfiles)
        .values({
          userId: user.id,
          website: spec.website ?? `https://${token}.example`,
          trafficSources: ["Search Engine Marketing"],
          verticals: ["Insurance"],
          avgDailyCalls: 10,
          yearsInBusiness: 1,
          references: [`Reference ${token}, Example Co, ref@${token}.example, (555) 010-0000`],
          complianceAckAt: new Date(),
          status: spec.publisherStatus,
        })
        .returning({ id: publisherProfiles.id });
      publisherProfileId = profile?.id ?? null;
      if (profile) {
        // The compliance record onboarding leaves, and the score its facts earn (never typed).
        await tx.insert(compliance).values({
          publisherId: profile.id,
          tcpaComplianceAck: true,
          dncProcessDesc: "Numbers are scrubbed against the National DNC Registry before every campaign.",
          acceptedAt: new Date(),
          ip: "127.0.0.1",
          userAgent: "fixtures",
          ackTextVersion: CURRENT_COMPLIANCE_ACK_VERSION,
        });
        await recomputeQualityScore({ db: tx, profileId: profile.id });
      }
    }

    if (spec.smsPhone) {
      const [consent] = await tx
        .insert(smsConsents)
        .values({
          userId: user.id,
          phone: spec.smsPhone,
          event: "consented",
          source: "web",
          textVersion: SMS_CONSENT_VERSION,
          ip: "127.0.0.1",
          userAgent: "fixtures",
        })
        .returning({ id: smsConsents.id });
      await tx
        .insert(smsNumbers)
        .values({ userId: user.id, phone: spec.smsPhone, consentId: consent!.id, verifiedAt: new Date() });
    }

    let buyer: Fixture["buyer"] = null;
    let listings: Fixture["listings"] = [];
    if (spec.role === "buyer") {
      const contact = {
        company: `Company ${token}`,
        contactEmail: `partners@${token}.example`,
        contactPhone: "(555) 010-0199",
        applicationUrl: `https://${token}.example/apply`,
      };
      const [profile] = await tx
        .insert(buyerProfiles)
        .values({
          userId: user.id,
          ...contact,
          paymentTerms: DEFAULT_PAYMENT_TERMS,
          reliabilityScore: spec.reliabilityScore ?? null,
          reviewCount: spec.reviewCount ?? 0,
          dailyCap: spec.dailyCap ?? null,
        })
        .returning({ id: buyerProfiles.id });
      if (!profile) throw new AppError("internal", "Fixture buyer could not be created");
      buyer = { profileId: profile.id, ...contact };
      if (spec.listings.length > 0) {
        // Older first, one second apart: the directory's newest-first order is the order given here
        // reversed, and never a tie.
        const now = Date.now();
        listings = await tx
          .insert(buyerListings)
          .values(
            spec.listings.map((listing, index) => ({
              buyerId: profile.id,
              title: listingTitle(listing, index, token),
              description: listing.description ?? null,
              vertical: listing.vertical,
              payout: listing.payout,
              geos: listing.geos,
              status: listing.status,
              tags: listing.tags,
              dailyCap: listing.dailyCap ?? null,
              createdAt: new Date(now - (spec.listings.length - index) * 1000),
            })),
          )
          .returning({ id: buyerListings.id, title: buyerListings.title });
      }
    }
    return { userId: user.id, publisherProfileId, buyer, listings };
  });

  if (spec.premium) await setComplimentaryPremium({ db, email, enabled: true });
  const current = await readCurrentUser({ db, userId: created.userId });
  if (!current) throw new AppError("internal", "Fixture user could not be read back");
  return {
    fixtureId: created.userId,
    token,
    user: {
      id: current.id,
      email: current.email,
      role: current.role,
      firstName: current.firstName,
      lastName: current.lastName,
      hasActiveSubscription: current.hasActiveSubscription,
    },
    publisherProfileId: created.publisherProfileId,
    buyer: created.buyer,
    listings: created.listings,
    unsubscribePath: unsubscribePath(secret, current.id),
  };
}

/**
 * The fixture's user, and only a fixture's: the demo accounts and real sign-ups are never touched. A
 * fixture a test deleted through the Account page no longer carries the fixture domain (its row is a
 * nameless placeholder); it is found by its id alone, so the test's cleanup still removes it.
 */
async function findFixtureUser(db: Db, fixtureId: string): Promise<{ id: string; email: string }> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.id, fixtureId),
        or(like(users.email, `%@${FIXTURE_EMAIL_DOMAIN}`), isNotNull(users.deletedAt)),
      ),
    );
  if (!user) throw new AppError("not_found", "No such fixture");
  return user;
}

/** Removes the fixture's user, its sessions and, by cascade, its profiles, listings and subscriptions. */
export async function deleteFixture({ db, fixtureId }: { db: Db; fixtureId: string }): Promise<void> {
  const user = await findFixtureUser(db, fixtureId);
  await db.transaction(async (tx) => {
    await endAllUserSessions(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
  });
}

/** Grants or removes the fixture's complimentary Premium (a test of Premium ending mid-visit). */
export async function setFixturePremium({
  db,
  fixtureId,
  enabled,
}: {
  db: Db;
  fixtureId: string;
  enabled: boolean;
}): Promise<{ hasActiveSubscription: boolean }> {
  const user = await findFixtureUser(db, fixtureId);
  await setComplimentaryPremium({ db, email: user.email, enabled });
  const current = await readCurrentUser({ db, userId: user.id });
  return { hasActiveSubscription: Boolean(current?.hasActiveSubscription) };
}
