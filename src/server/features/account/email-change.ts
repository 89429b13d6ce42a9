import { and, eq, isNull, ne } from "drizzle-orm";
import {
  ACCOUNT_MESSAGES,
  EMAIL_CHANGE_TTL_MINUTES,
  EMAIL_UNDO_TTL_DAYS,
} from "../../../shared/schemas/account";
import { normalizeEmail } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { magicLinkTokens, users } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { accountMailKey } from "../../lib/deleted-account";
import { consumeRateLimit } from "../../lib/rate-limit";
import type { Viewer } from "../../lib/viewer";
import { isUniqueViolation } from "../../plugins/database-errors";
import { consumeAccountToken, createAccountToken, spendAccountTokens } from "../auth/account-tokens";
import { endAllUserSessions } from "../auth/user-sessions";

// Changing the account's email (docs/product.md, "Your account"): the new address proves itself with a
// link (30 minutes, once); once changed, the old address is told and can undo it for 7 days, which also
// signs out every session (whoever changed it may still be signed in). Sign-in matches accounts by
// email, so the address is the account's key: nothing changes until the new address answers.
//
// No step tells whether an address belongs to another account: a request for a taken address answers
// exactly as for a free one (it only sends nothing), and a link to an address someone took meanwhile
// fails at the confirmation, to the person holding that address's mail. Audit entries record that the
// email changed, never an address (the audit log outlives a deleted account).

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Per account: a typo and a few retries, not a way to mail-bomb an address. */
const REQUEST_LIMIT = { limit: 5, windowSeconds: 60 * 60 };

export interface EmailChangeDeps {
  db: Db;
  mailQueue: MailQueue;
  appUrl: string;
  appName: string;
}

/** POST /api/account/email: 202 for a free and a taken address alike; only a free one gets a link. */
export async function requestEmailChange(
  { db, mailQueue, appUrl, appName }: EmailChangeDeps,
  viewer: Viewer,
  email: string,
): Promise<void> {
  const next = normalizeEmail(email);
  if (next === normalizeEmail(viewer.email)) throw new AppError("validation", ACCOUNT_MESSAGES.emailSame);
  await consumeRateLimit({ db, key: `account-email:${viewer.id}`, ...REQUEST_LIMIT });
  await db.transaction(async (tx) => {
    // The newest request is the one that counts: earlier links stop working, whatever this one asks.
    await spendAccountTokens(tx, { userId: viewer.id, purpose: "email_change" });
    // Recorded alike for a free and a taken address, and without either.
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      action: "account.email_change_requested",
      targetId: viewer.id,
      before: null,
      after: null,
    });
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, next)).limit(1);
    if (taken) return;
    const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MINUTES * MINUTE_MS);
    const { token, tokenHash } = await createAccountToken(tx, {
      userId: viewer.id,
      purpose: "email_change",
      email: next,
      expiresAt,
    });
    const link = `${appUrl}/account/email/confirm?token=${encodeURIComponent(token)}`;
    await mailQueue.enqueue(tx, [
      {
        kind: "account",
        key: accountMailKey("account", viewer.id, `email-change:${tokenHash}`),
        expiresAt,
        message: {
          to: next,
          subject: `Confirm your new email address for ${appName}`,
          text: [
            `Someone (we hope you) asked to use this address for their ${appName} account.`,
            "",
            `Confirm the change: ${link}`,
            "",
            `The link works once and expires in ${EMAIL_CHANGE_TTL_MINUTES} minutes. Until it is used, the account keeps its current address. If you did not ask for this, ignore this message.`,
            "",
            `— ${appName}`,
          ].join("\n"),
        },
      },
    ]);
  });
}

type Outcome = "done" | "invalid" | "taken";

/**
 * Sets the user's email to `email` inside `tx`, in a savepoint, unless another account holds it (a
 * check, and the unique constraint for one that took it a moment ago); sign-in links still out for the
 * address it replaces stop working. Answers whether it did.
 */
async function moveEmail(tx: Db, user: { id: string; email: string }, email: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, user.id)))
    .limit(1);
  if (other) return false;
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint
        .update(users)
        .set({ email, verifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id));
    });
    await tx.delete(magicLinkTokens).where(eq(magicLinkTokens.email, user.email));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The account a link is about, locked: not deleted nor disabled (a link of such an account is void). */
async function lockAccount(tx: Db, userId: string) {
  const [user] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.disabledAt)))
    .for("update");
  return user;
}

function answer(outcome: Outcome, takenMessage: string): void {
  if (outcome === "invalid") throw new AppError("validation", ACCOUNT_MESSAGES.linkInvalid);
  if (outcome === "taken") throw new AppError("conflict", takenMessage);
}

/**
 * POST /api/account/email/confirm (public: the link may be opened in another browser). In one
 * transaction: the link is used (also when the address was taken meanwhile: it is spent either way),
 * the email changes, sign-in links still out for the old address stop working, and the old address is
 * sent an undo link.
 */
export async function confirmEmailChange(
  { db, mailQueue, appUrl, appName }: EmailChangeDeps,
  token: string,
): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const link = await consumeAccountToken(tx, { token, purpose: "email_change" });
    if (!link?.email) return "invalid";
    const user = await lockAccount(tx, link.userId);
    if (!user) return "invalid";
    if (user.email === link.email) return "done";
    if (!(await moveEmail(tx, user, link.email))) return "taken";
    const expiresAt = new Date(Date.now() + EMAIL_UNDO_TTL_DAYS * DAY_MS);
    const undo = await createAccountToken(tx, {
      userId: user.id,
      purpose: "email_undo",
      email: user.email,
      expiresAt,
    });
    const undoLink = `${appUrl}/account/email/undo?token=${encodeURIComponent(undo.token)}`;
    await mailQueue.enqueue(tx, [
      {
        kind: "account",
        key: accountMailKey("account", user.id, `email-undo:${undo.tokenHash}`),
        expiresAt,
        message: {
          to: user.email,
          subject: `Your ${appName} email address was changed`,
          text: [
            `The email address of your ${appName} account was changed to ${link.email}. From now on you sign in with that address.`,
            "",
            `Not you? Undo the change within ${EMAIL_UNDO_TTL_DAYS} days: ${undoLink}`,
            "Undoing it puts this address back and signs out every session of the account. The link works once.",
            "",
            `— ${appName}`,
          ].join("\n"),
        },
      },
    ]);
    await writeAuditEntry(tx, {
      actorId: user.id,
      action: "account.email_changed",
      targetId: user.id,
      before: null,
      after: null,
    });
    return "done";
  });
  answer(outcome, ACCOUNT_MESSAGES.emailTakenAtConfirm);
}

/**
 * POST /api/account/email/undo (public: whoever changed the email may hold the account's sessions). In
 * one transaction: the link is used, the old address comes back unless another account took it
 * meanwhile (409, the link spent), every session of the account ends, links still out for the address
 * being replaced stop working, and pending email changes are void.
 */
export async function undoEmailChange({ db }: { db: Db }, token: string): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const link = await consumeAccountToken(tx, { token, purpose: "email_undo" });
    if (!link?.email) return "invalid";
    const user = await lockAccount(tx, link.userId);
    if (!user) return "invalid";
    if (user.email !== link.email && !(await moveEmail(tx, user, link.email))) return "taken";
    const sessionsEnded = await endAllUserSessions(tx, user.id);
    await spendAccountTokens(tx, { userId: user.id, purpose: "email_change" });
    await writeAuditEntry(tx, {
      actorId: user.id,
      action: "account.email_change_undone",
      targetId: user.id,
      before: null,
      after: null,
      extra: { sessionsEnded },
    });
    return "done";
  });
  answer(outcome, ACCOUNT_MESSAGES.emailTakenAtUndo);
}
