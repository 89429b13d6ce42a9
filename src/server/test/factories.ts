import { randomUUID } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import { type Role, SMS_CONSENT_VERSION, type Vertical } from "../../shared/constants";
import type { Db } from "../db/client";
import {
  boostPurchases,
  buyerListings,
  buyerProfiles,
  buyerVerifications,
  dealIntents,
  mailOutbox,
  publisherProfiles,
  smsConsents,
  smsNumbers,
  subscriptions,
  users,
} from "../db/schema";
import { recordApproval } from "../features/buyer-verification/verification-review";
import { sessionCookie, type TestContext } from "./context";
import type { SmtpSink } from "./smtp-sink";

// Small factories for test data: each test says what it needs, never the demo seed, so a change to the
// demo data cannot break a test.

export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> & { role?: Role } = {}) {
  const [user] = await db
    .insert(users)
    .values({ email: `user-${randomUUID().slice(0, 8)}@example.test`, ...values })
    .returning();
  return user!;
}

// Verticals come from the one list (a test of older spellings inserts its rows itself).
type WithVertical<T> = Omit<T, "vertical"> & { vertical?: Vertical };
type WithVerticals<T> = Omit<T, "verticals"> & { verticals?: Vertical[] };

export async function createPublisher(
  db: Db,
  values: WithVerticals<Partial<typeof publisherProfiles.$inferInsert>> = {},
) {
  const user = await createUser(db, { role: "publisher" });
  const [profile] = await db
    .insert(publisherProfiles)
    .values({ userId: user.id, website: "https://publisher.example", ...values })
    .returning();
  return { user, profile: profile! };
}

export async function createBuyer(
  db: Db,
  values: WithVerticals<Partial<typeof buyerProfiles.$inferInsert>> = {},
  userValues: Partial<typeof users.$inferInsert> = {},
) {
  const user = await createUser(db, { role: "buyer", ...userValues });
  const [profile] = await db
    .insert(buyerProfiles)
    .values({
      userId: user.id,
      company: `Company ${user.id.slice(0, 4)}`,
      contactEmail: `contact-${user.id.slice(0, 8)}@buyer.example`,
      contactPhone: "(555) 010-9999",
      applicationUrl: `https://buyer.example/apply/${user.id.slice(0, 8)}`,
      ...values,
    })
    .returning();
  return { user, profile: profile! };
}

export async function createListing(
  db: Db,
  buyerId: string,
  values: WithVertical<Partial<typeof buyerListings.$inferInsert>> = {},
) {
  const [listing] = await db
    .insert(buyerListings)
    .values({
      buyerId,
      title: "Final Expense Inbound Calls",
      vertical: "Insurance",
      payout: "50.00",
      ...values,
    })
    .returning();
  return listing!;
}

/**
 * A buyer verified the only way there is: a submitted attempt with both proofs (TXT record, work address)
 * approved by an administrator, at `at` (now by default; an earlier time makes a badge that has lapsed).
 */
export async function verifyBuyer(db: Db, buyerId: string, { at = new Date() }: { at?: Date } = {}) {
  const reviewer = await createUser(db, { role: "admin" });
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .insert(buyerVerifications)
      .values({
        buyerId,
        status: "submitted",
        domain: "verified-buyer.example",
        domainMethod: "dns",
        domainEvidence: "ppc-verify=ppc-verify-0123456789abcdef",
        domainVerifiedAt: new Date(at.getTime() - 3600_000),
        workEmail: "ops@verified-buyer.example",
        emailVerifiedAt: new Date(at.getTime() - 1800_000),
        submittedAt: new Date(at.getTime() - 600_000),
        createdAt: new Date(at.getTime() - 7200_000),
      })
      .returning();
    const badge = await recordApproval(tx, {
      attempt: attempt!,
      reviewerId: reviewer.id,
      checklist: { businessExists: true, paymentTermsCredible: true, references: true },
      reason: null,
      now: at,
    });
    return { attempt: attempt!, reviewer, ...badge };
  });
}

/** A deal intent of a publisher on a buyer's listing; accepted ones are decided an hour after they arrive. */
export async function createDealIntent(
  db: Db,
  values: Omit<typeof dealIntents.$inferInsert, "status"> & { status?: "pending" | "accepted" | "rejected" },
) {
  const createdAt = values.createdAt ?? new Date(Date.now() - 2 * 3600_000);
  const decided = values.status === "accepted" || values.status === "rejected";
  const [intent] = await db
    .insert(dealIntents)
    .values({
      ...values,
      createdAt,
      decidedAt: values.decidedAt ?? (decided ? new Date(createdAt.getTime() + 3600_000) : null),
    })
    .returning();
  return intent!;
}

/**
 * A boost purchase of a listing over [startsAt, endsAt): complimentary unless it names a PaymentIntent,
 * its days the span's whole days unless given. Written directly, as the webhook or an admin's grant would.
 */
export async function createBoostPurchase(
  db: Db,
  values: Partial<typeof boostPurchases.$inferInsert> & { listingId: string; startsAt: Date; endsAt: Date },
) {
  const [row] = await db
    .insert(boostPurchases)
    .values({
      source: values.stripePaymentIntentId ? "stripe" : "complimentary",
      days: Math.round((values.endsAt.getTime() - values.startsAt.getTime()) / (24 * 3600_000)),
      ...values,
    })
    .returning();
  return row!;
}

export async function grantPremium(
  db: Db,
  userId: string,
  values: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, status: "active", ...values })
    .returning();
  return row!;
}

/** An SMS Alerts add-on running now (a Stripe-less row, as the webhook would have stored one). */
export async function grantSmsAddon(
  db: Db,
  userId: string,
  values: Partial<typeof subscriptions.$inferInsert> = {},
) {
  return grantPremium(db, userId, {
    product: "sms",
    currentPeriodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    ...values,
  });
}

/** A verified number with its consent record, as the Alerts tab leaves one (E.164 phone). */
export async function createVerifiedSmsNumber(
  db: Db,
  userId: string,
  values: Partial<typeof smsNumbers.$inferInsert> = {},
) {
  const phone = values.phone ?? `+1201555${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const [consent] = await db
    .insert(smsConsents)
    .values({
      userId,
      phone,
      event: "consented",
      source: "web",
      textVersion: SMS_CONSENT_VERSION,
      ip: "127.0.0.1",
    })
    .returning();
  const [row] = await db
    .insert(smsNumbers)
    .values({ userId, phone, consentId: consent!.id, verifiedAt: new Date(), ...values })
    .returning();
  return row!;
}

export interface SignedInUser {
  user: typeof users.$inferSelect;
  /** The Cookie header of the user's session. */
  cookie: string;
}

/** A user (guest unless `values.role` says otherwise), signed in through the real magic-link flow. */
export async function createSignedInUser(
  ctx: TestContext,
  values: Parameters<typeof createUser>[1] = {},
): Promise<SignedInUser> {
  const user = await createUser(ctx.database.db, values);
  return { user, cookie: await signIn(ctx, user.email) };
}

/**
 * Sends the mail the requests so far queued (the two mail queues' jobs, nothing else), as the app's
 * workers would: a test reads the outbox or the SMTP sink after this.
 */
export async function sendQueuedMail(ctx: TestContext): Promise<void> {
  await ctx.app.jobs.workUntilIdle({ queues: ["mail", "mail-sign-in"] });
}

/** A sign-in link's token in a mail's text (other mails carry tokens too: the sign-in alert's link). */
const SIGN_IN_LINK = /\/auth\/magic\?token=([\w-]+)/;

/** The token of the newest sign-in mail to `email` in the outbox, if one is there yet. */
export async function outboxMagicToken(db: Db, email: string): Promise<string | undefined> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.text, "%/auth/magic?token=%")))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail?.text.match(SIGN_IN_LINK)?.[1];
}

/** The token of the newest sign-in mail sent to `email` (outbox; tests run without SMTP_URL). */
export async function latestMagicToken(ctx: TestContext, email: string): Promise<string> {
  await sendQueuedMail(ctx);
  const token = await outboxMagicToken(ctx.database.db, email);
  if (!token) throw new Error(`no sign-in mail for ${email}`);
  return token;
}

/**
 * The magic-link sign-in when mail goes over SMTP (an app built with SMTP_URL): the link is read from
 * what the sink received. Returns the Cookie header.
 */
export async function signInThroughSink(ctx: TestContext, sink: SmtpSink, email: string): Promise<string> {
  await ctx.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email } });
  await sendQueuedMail(ctx);
  // Quoted-printable: soft line breaks ("=" at a line end) and "=" written as "=3D".
  const token = sink.received
    .filter((m) => m.to.includes(email))
    .map(
      (m) =>
        m.raw
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "=")
          .match(SIGN_IN_LINK)?.[1],
    )
    .findLast((found) => found !== undefined);
  if (!token) throw new Error(`no sign-in mail for ${email}`);
  const verified = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/magic-link/verify",
    payload: { token },
  });
  return sessionCookie(verified);
}

/** Signs in through the real magic-link flow and returns the Cookie header for later requests. */
export async function signIn(ctx: TestContext, email: string): Promise<string> {
  const requested = await ctx.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email } });
  if (requested.statusCode !== 202) throw new Error(`magic link request failed: ${requested.body}`);
  const token = await latestMagicToken(ctx, email);
  const verified = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/magic-link/verify",
    payload: { token },
  });
  return sessionCookie(verified);
}
