import { and, eq, inArray, isNotNull, isNull, like, ne, notInArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { ACCOUNT_MESSAGES, FORMER_MEMBER_NAME } from "../../../shared/schemas/account";
import { normalizeEmail } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import {
  accountTokens,
  alertDeliveries,
  apiKeys,
  buyerListings,
  buyerProfiles,
  dealIntents,
  idempotencyKeys,
  knownDevices,
  listingImports,
  magicLinkTokens,
  mailOutbox,
  mails,
  notificationPreferences,
  publisherProfiles,
  rateLimits,
  savedListings,
  savedSearches,
  smsConsents,
  smsNumbers,
  subscriptions,
  users,
  webhookEndpoints,
} from "../../db/schema";
import { JOB_SCHEMA } from "../../jobs/job-queue";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { accountMailKeyPatterns, deletedAccountEmail } from "../../lib/deleted-account";
import { type StripeClient, withStripeErrors } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";
import { magicLinkEmailLimitKey } from "../auth/magic-link";
import { endAllUserSessions } from "../auth/user-sessions";
import { forgetBuyerVerification } from "../buyer-verification/verification-review";
import { refreshBuyerReliability } from "../reliability/refresh-reliability";
import { FINAL_STATUSES, saveSubscription } from "../subscriptions/stripe-sync";
import { hasOtherAdmin } from "./account-summary";

// DELETE /api/account (docs/product.md, "Your account"; what stays and why: docs/operations.md,
// "Accounts: what is kept after deletion"; docs/decisions/026). The users row stays as a nameless
// placeholder: reviews, disputes, deal intents and compliance records hang off the profiles with
// cascading keys, and the other party and the law need them. Everything personal goes, in one
// transaction; what the law makes us keep (compliance and SMS consent records, texts, the audit log)
// stays, and names the account nowhere.
//
// Order: the confirmation and the last-admin rule, then Stripe (every running subscription cancelled at
// once, outside the transaction: a failure answers 502 and nothing is deleted), then the transaction.

const DEAL_CLOSED_NOTE = {
  buyer: "Closed automatically: the buyer deleted their account.",
  publisher: "Closed automatically: the publisher deleted their account.",
} as const;
/** What stands in for a deleted account's address in mail we keep (someone else's copy). */
const ADDRESS_REMOVED = "(address removed)";

export interface DeleteAccountDeps {
  db: Db;
  stripe: StripeClient | undefined;
  log: Pick<FastifyBaseLogger, "warn">;
}

export async function deleteAccount(
  deps: DeleteAccountDeps,
  viewer: Viewer,
  confirmEmail: string,
): Promise<void> {
  const { db } = deps;
  if (normalizeEmail(confirmEmail) !== normalizeEmail(viewer.email)) {
    throw new AppError("validation", ACCOUNT_MESSAGES.confirmEmailMismatch);
  }
  if (viewer.role === "admin" && !(await hasOtherAdmin(db, viewer.id))) {
    throw new AppError("conflict", ACCOUNT_MESSAGES.lastAdmin);
  }
  const cancelled = await cancelStripeSubscriptions(deps, viewer.id);
  await db.transaction(async (tx) => {
    const user = await lockForDeletion(tx, viewer.id);
    for (const subscription of cancelled) await saveSubscription(tx, user.id, subscription);
    // A complimentary Premium has nothing at Stripe: it simply ends.
    await tx
      .update(subscriptions)
      .set({ status: "canceled", updatedAt: sql`now()` })
      .where(
        and(
          eq(subscriptions.userId, user.id),
          isNull(subscriptions.stripeSubscriptionId),
          notInArray(subscriptions.status, FINAL_STATUSES),
        ),
      );
    await closeDealings(tx, user.id);
    await forgetPersonalData(tx, user);
    await writeAuditEntry(tx, {
      actorId: user.id,
      action: "account.deleted",
      targetId: user.id,
      before: null,
      after: null,
      extra: { role: user.role },
    });
  });
}

/**
 * Cancels, at once, every Stripe subscription of the user that has not ended, and answers Stripe's
 * objects to store. One already ended at Stripe (our row lagging behind a webhook) counts as done.
 * Without Stripe configured there is nothing to cancel: only complimentary rows exist then.
 */
async function cancelStripeSubscriptions(
  { db, stripe, log }: DeleteAccountDeps,
  userId: string,
): Promise<Stripe.Subscription[]> {
  const running = await db
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNotNull(subscriptions.stripeSubscriptionId),
        notInArray(subscriptions.status, FINAL_STATUSES),
      ),
    );
  const ids = running.map((row) => row.id).filter((id): id is string => id !== null);
  if (ids.length === 0) return [];
  if (!stripe) {
    log.warn(
      { subscriptions: ids.length },
      "account deleted with Stripe subscriptions but Stripe is not configured",
    );
    return [];
  }
  return withStripeErrors(async () => {
    const cancelled: Stripe.Subscription[] = [];
    for (const id of ids) {
      try {
        cancelled.push(await stripe.subscriptions.cancel(id));
      } catch (error) {
        const current = await stripe.subscriptions.retrieve(id).catch(() => null);
        if (!current || !FINAL_STATUSES.includes(current.status)) throw error;
        cancelled.push(current);
      }
    }
    return cancelled;
  });
}

/**
 * The user's row, locked. An admin's deletion locks every enabled admin row, in one statement and one
 * order, and counts again under the lock: two last admins deleting at once cannot both succeed.
 */
async function lockForDeletion(tx: Db, userId: string) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for("update");
  if (!user) throw new AppError("unauthorized", ACCOUNT_MESSAGES.accountDeleted);
  if (user.role === "admin") {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), isNull(users.disabledAt), isNull(users.deletedAt)))
      .orderBy(users.id)
      .for("update");
    if (!admins.some((admin) => admin.id !== user.id)) {
      throw new AppError("conflict", ACCOUNT_MESSAGES.lastAdmin);
    }
  }
  return user;
}

/**
 * Pending deal requests either way are closed as rejected, with a note saying why: nobody is left to
 * answer them or to be answered. Decided ones stay as they were, with their reviews and disputes. The
 * buyers whose requests changed get their reliability refreshed (a request closed within its 48 hours
 * counts as answered: the buyer was given no chance to answer it).
 */
async function closeDealings(tx: Db, userId: string): Promise<void> {
  const sides = [
    { side: "buyer", profiles: buyerProfiles },
    { side: "publisher", profiles: publisherProfiles },
  ] as const;
  const buyersToRefresh = new Set<string>();
  for (const { side, profiles } of sides) {
    const own = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
    const closed = await tx
      .update(dealIntents)
      .set({
        status: "rejected",
        decisionNote: DEAL_CLOSED_NOTE[side],
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(dealIntents.status, "pending"),
          inArray(side === "buyer" ? dealIntents.buyerId : dealIntents.publisherId, own),
        ),
      )
      .returning({ buyerId: dealIntents.buyerId });
    if (side === "publisher") for (const row of closed) buyersToRefresh.add(row.buyerId);
  }
  for (const buyerId of buyersToRefresh) await refreshBuyerReliability({ db: tx, buyerId });
}

/**
 * Every address the account used: its email, and those its email-change links named, except an address
 * another account holds now (a typo someone owns, or a change undone): their mail is not ours to touch.
 */
async function addressesOf(tx: Db, user: { id: string; email: string }): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ email: accountTokens.email })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, user.id), isNotNull(accountTokens.email)));
  const candidates = [...new Set([user.email, ...rows.map((r) => r.email).filter((e) => e !== null)])];
  const heldByOthers = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, candidates), ne(users.id, user.id)));
  const others = new Set(heldByOthers.map((r) => r.email));
  return candidates.filter((email) => !others.has(email));
}

/** The addresses of `candidates` no other account signs in with (their mail is not ours to touch). */
async function addressesNotHeldByOthers(tx: Db, userId: string, candidates: string[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const held = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, candidates), ne(users.id, userId)));
  const others = new Set(held.map((r) => r.email));
  return candidates.filter((email) => !others.has(email));
}

/** The account's personal data: deleted, cleared, or (in what other people keep) its address removed. */
async function forgetPersonalData(tx: Db, user: { id: string; email: string; role: string }): Promise<void> {
  const addresses = await addressesOf(tx, user);
  // Signed out everywhere, every API key gone (their counters by cascade) and no event sent anywhere any
  // more (the endpoints' delivery logs by cascade), and every device and link of the account forgotten.
  await endAllUserSessions(tx, user.id);
  await tx.delete(apiKeys).where(eq(apiKeys.userId, user.id));
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id));
  // Answers kept for an Idempotency-Key replay hold the account's own data.
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
  await tx.delete(knownDevices).where(eq(knownDevices.userId, user.id));
  await tx.delete(accountTokens).where(eq(accountTokens.userId, user.id));
  await tx.delete(magicLinkTokens).where(inArray(magicLinkTokens.email, addresses));
  await tx.delete(rateLimits).where(
    inArray(
      rateLimits.key,
      addresses.map((address) => magicLinkEmailLimitKey(address)),
    ),
  );

  // What the account kept for itself.
  await tx.delete(savedListings).where(eq(savedListings.userId, user.id));
  await tx.delete(savedSearches).where(eq(savedSearches.userId, user.id));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  await tx.delete(alertDeliveries).where(eq(alertDeliveries.userId, user.id));
  await tx.delete(listingImports).where(eq(listingImports.adminId, user.id));
  // The number goes (no text can reach it any more); its consent records and texts stay, with an
  // opt-out that says why the texts stopped.
  const [number] = await tx.delete(smsNumbers).where(eq(smsNumbers.userId, user.id)).returning();
  if (number && !number.optedOutAt) {
    await tx
      .insert(smsConsents)
      .values({ userId: user.id, phone: number.phone, event: "opted_out", source: "system" });
  }

  // The buyer leaves the directory at once: the listings go (with their events, payout history and
  // saves, by cascade; deal intents about them keep a null listing), and the profile keeps only what
  // the other party's records need, under the name "Former member".
  await tx
    .delete(buyerListings)
    .where(
      inArray(
        buyerListings.buyerId,
        tx.select({ id: buyerProfiles.id }).from(buyerProfiles).where(eq(buyerProfiles.userId, user.id)),
      ),
    );
  const verification = await forgetBuyerVerification(tx, user.id);
  await tx
    .update(buyerProfiles)
    .set({
      company: FORMER_MEMBER_NAME,
      contactEmail: null,
      contactPhone: null,
      applicationUrl: null,
      notes: null,
      updatedAt: sql`now()`,
    })
    .where(eq(buyerProfiles.userId, user.id));
  await tx
    .update(publisherProfiles)
    .set({ website: null, references: [], updatedAt: sql`now()` })
    .where(eq(publisherProfiles.userId, user.id));

  // Mail: what was sent to the account goes; where someone else's mail quotes its address, the
  // address goes (a deal decision names the publisher's email to the buyer, say).
  await tx.delete(mails).where(
    or(
      inArray(mails.to, addresses),
      ...accountMailKeyPatterns(user.id).map((pattern) => like(mails.key, pattern)),
      // The verification's mail: its codes went to the work address, its decisions to the account's.
      ...verification.attemptIds.map((id) => like(mails.key, `buyer-verification:${id}:%`)),
    ),
  );
  await tx.delete(mailOutbox).where(inArray(mailOutbox.to, addresses));
  const workAddresses = await addressesNotHeldByOthers(tx, user.id, verification.workEmails);
  if (workAddresses.length > 0) await tx.delete(mailOutbox).where(inArray(mailOutbox.to, workAddresses));
  for (const address of addresses) await removeAddressFromRecords(tx, address);

  // The row itself: nameless, unreachable, and disabled as well, so every rule that keeps a disabled
  // account out (sign-in, sessions, the directory, buyer pages) keeps this one out too.
  await tx
    .update(users)
    .set({
      email: deletedAccountEmail(user.id),
      firstName: null,
      lastName: null,
      company: null,
      phone: null,
      profileImageUrl: null,
      verifiedAt: null,
      deletedAt: sql`now()`,
      disabledAt: sql`coalesce(${users.disabledAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
}

/**
 * The address taken out of text that others keep: mails to other people (subject, body, the SMTP
 * server's last error), the development outbox, import results, and the job queue's record of mail jobs
 * (a failed send's error may quote a recipient). A plain scan: deletions are rare, these tables small.
 */
async function removeAddressFromRecords(tx: Db, address: string): Promise<void> {
  const replaced = (column: AnyPgColumn) => sql`replace(${column}, ${address}, ${ADDRESS_REMOVED})`;
  const holds = (column: AnyPgColumn) => sql`strpos(${column}, ${address}) > 0`;
  await tx
    .update(mails)
    .set({
      subject: replaced(mails.subject),
      text: replaced(mails.text),
      html: replaced(mails.html),
      lastError: replaced(mails.lastError),
    })
    .where(or(holds(mails.subject), holds(mails.text), holds(mails.html), holds(mails.lastError)));
  await tx
    .update(mailOutbox)
    .set({
      subject: replaced(mailOutbox.subject),
      text: replaced(mailOutbox.text),
      html: replaced(mailOutbox.html),
    })
    .where(or(holds(mailOutbox.subject), holds(mailOutbox.text), holds(mailOutbox.html)));
  await tx
    .update(listingImports)
    .set({ result: sql`replace(${listingImports.result}::text, ${address}, ${ADDRESS_REMOVED})::jsonb` })
    .where(sql`strpos(${listingImports.result}::text, ${address}) > 0`);
  // Raw: pg-boss's own tables, which have no Drizzle table.
  const scrubJobs = async (table: string) => {
    await tx.execute(
      sql`update ${sql.raw(table)} set output = replace(output::text, ${address}, ${ADDRESS_REMOVED})::jsonb
          where strpos(output::text, ${address}) > 0`,
    );
  };
  await scrubJobs(`${JOB_SCHEMA}.job`);
  await scrubJobs(`${JOB_SCHEMA}.archive`);
}
