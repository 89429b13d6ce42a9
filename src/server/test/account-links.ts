import { desc, eq } from "drizzle-orm";
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
