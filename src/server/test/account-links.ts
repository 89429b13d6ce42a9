import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { TestContext } from "./context";
import { sendQueuedMail } from "./factories";

// What the Account page's tests share: the mails its links arrive in, and sessions named by user.

/** The mails the development outbox received for `to`, oldest first, after the queued ones went out. */
export async function mailsTo(ctx: TestContext, to: string) {
  await sendQueuedMail(ctx);
  const rows = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
  return rows.reverse();
}

/** The token of the newest mail to `to` whose link goes to `path` ("/account/email/confirm"). */
export async function linkToken(ctx: TestContext, to: string, path: string): Promise<string> {
  const mails = await mailsTo(ctx, to);
  const pattern = new RegExp(`${path.replace(/\//g, "\\/")}\\?token=([\\w-]+)`);
  const token = mails
    .map((mail) => mail.text.match(pattern)?.[1])
    .filter(Boolean)
    .at(-1);
  if (!token) throw new Error(`no mail to ${to} with a link to ${path}`);
  return token;
}

/**
 * Names each signed-in session's user in sessions.user_id, the column "sign out everywhere" deletes by,
 * for sessions whose sign-in did not write it.
 */
export async function nameSessionUsers(db: Db): Promise<void> {
  await db.execute(
    sql`update sessions set user_id = (sess->>'userId')::uuid
        where user_id is null and sess->>'userId' is not null`,
  );
}
