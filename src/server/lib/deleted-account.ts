import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { FORMER_MEMBER_NAME } from "../../shared/schemas/account";

// A deleted account keeps its users row as a nameless placeholder (docs/decisions/026): its email becomes
// one on `.invalid`, a top-level domain reserved never to resolve (RFC 2606), so the unique constraint
// still holds, nobody can own the address, and no mail could ever reach it. It sits in lib/ because the
// mail queue (jobs/) refuses such recipients and the account feature writes them.

const DELETED_EMAIL_DOMAIN = "deleted.invalid";

/** The address a deleted account's row carries instead of the person's. */
export function deletedAccountEmail(userId: string): string {
  return `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`;
}

/** Whether an address is a deleted account's placeholder (a mail to it is dropped, never sent). */
export function isDeletedAccountEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}

/**
 * How a party is named where the other party reads about them (reviews, disputes, deal intents and
 * their mails): `name`, or FORMER_MEMBER_NAME once the account whose users row has `deletedAt` is
 * deleted. The deleted row's personal fields are cleared anyway; this keeps a fallback (a website,
 * "Publisher 1a2b...") from standing in for the person.
 */
export function partyNameOf(deletedAt: AnyPgColumn, name: SQL): SQL<string> {
  return sql<string>`case when ${deletedAt} is not null then ${FORMER_MEMBER_NAME}::text else ${name} end`;
}

/**
 * A publisher as a buyer reads them (a review's author, a dispute's party): their name, else their
 * website, else "Publisher 1a2b3c4d"; FORMER_MEMBER_NAME once deleted. `user` is the publisher's users
 * row (an alias of users), `profile` their publisher profile.
 */
export function publisherNameOf(
  user: { deletedAt: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn },
  profile: { id: AnyPgColumn; website: AnyPgColumn },
): SQL<string> {
  return partyNameOf(
    user.deletedAt,
    sql`coalesce(nullif(trim(concat_ws(' ', ${user.firstName}, ${user.lastName})), ''), ${profile.website},
      'Publisher ' || left(${profile.id}::text, 8))`,
  );
}

/**
 * The areas whose mails are about one account rather than a deal or a listing: their keys start with
 * `<area>:<user id>:`, so deleting the account finds every such mail, whatever address it went to.
 */
const ACCOUNT_MAIL_AREAS = ["account", "sms"] as const;

/** A mail's key that names its account: `account:<user id>:email-change:<hash>`. */
export function accountMailKey(
  area: (typeof ACCOUNT_MAIL_AREAS)[number],
  userId: string,
  rest: string,
): string {
  return `${area}:${userId}:${rest}`;
}

/** LIKE patterns matching every key accountMailKey made for the user. */
export function accountMailKeyPatterns(userId: string): string[] {
  return ACCOUNT_MAIL_AREAS.map((area) => `${area}:${userId}:%`);
}
