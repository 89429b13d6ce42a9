import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { AccountTokenPurpose } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { accountTokens } from "../../db/schema";
import { hashToken } from "./magic-link";

// The one-time links of the Account page's mails (account_tokens): 256 random bits, only their SHA-256
// stored (a database leak opens no link), each for one purpose, until its expiry, once. Email changes
// (features/account) and the sign-in alert's "not you?" link (sign-in-alert.ts) both use them.

/**
 * Stores a new link of `purpose` for `userId` and answers its token (for the mail), its hash (the mail's
 * key names the link without revealing it) and when it was made (the transaction's now()).
 */
export async function createAccountToken(
  tx: Db,
  values: { userId: string; purpose: AccountTokenPurpose; email?: string; expiresAt: Date },
): Promise<{ token: string; tokenHash: string; createdAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  const [row] = await tx
    .insert(accountTokens)
    .values({ tokenHash, ...values })
    .returning({ createdAt: accountTokens.createdAt });
  return { token, tokenHash, createdAt: row!.createdAt };
}

/**
 * Uses a link: one statement marks it used only if it is of this purpose, unused and unexpired, so two
 * clicks at once have one winner. Answers its user and address (null for a link that names none), or
 * null (wrong, used or expired).
 */
export async function consumeAccountToken(
  tx: Db,
  { token, purpose }: { token: string; purpose: AccountTokenPurpose },
): Promise<{ userId: string; email: string | null } | null> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/** Spends every unused link of `purpose` of the user (a newer request, or an undo, replaces them). */
export async function spendAccountTokens(
  tx: Db,
  { userId, purpose }: { userId: string; purpose: AccountTokenPurpose },
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}
