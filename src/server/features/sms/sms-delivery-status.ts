import { and, eq, gt, sql } from "drizzle-orm";
import { SMS_LIMITS } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { smsMessages, smsNumbers, users } from "../../db/schema";
import type { MailQueue, OutgoingMail } from "../../jobs/mail";
import { accountMailKey } from "../../lib/deleted-account";

// What becomes of a text after the provider took it (docs/operations.md, "SMS: Twilio"): Twilio's status
// callbacks move sms_messages.status on, and a number that keeps failing for good stops getting texts.
//
// A permanent failure is one whose error code says the same text to the same number would fail again:
// PERMANENT_ERROR_CODES below, and any send the provider refused outright (SmsSendError.permanent).
// SMS_LIMITS.failuresToSuspend of them in a row (a delivered text resets the count) suspend the number
// and mail its owner how to get texts back: enter the number again on the Alerts tab.

/**
 * Twilio error codes that mean "this number cannot take our texts", not "try later":
 * 30003 unreachable handset, 30004 message blocked, 30005 unknown destination, 30006 landline or
 * unreachable carrier, 21610 the recipient replied STOP to our number, 21211 invalid "To" number,
 * 21614 not a mobile number. Others (30001 queue overflow, 30007 carrier filtering, 30008 unknown error)
 * may pass: they change nothing for the number.
 */
const PERMANENT_ERROR_CODES: readonly string[] = [
  "30003",
  "30004",
  "30005",
  "30006",
  "21610",
  "21211",
  "21614",
];

/** Statuses after which Twilio sends nothing more for a text. */
const FINAL_STATUSES = ["delivered", "undelivered", "failed"];

/**
 * The order of a text's statuses: a callback may arrive after a later one (they travel separately), and
 * a status never moves back. Unknown statuses rank with the first ones.
 */
const STATUS_RANK = sql`(case ${smsMessages.status} when 'delivered' then 4 when 'undelivered' then 4 when 'failed' then 4
  when 'sent' then 3 when 'sending' then 2 else 1 end)`;
const rankOf = (status: string) =>
  FINAL_STATUSES.includes(status) ? 4 : status === "sent" ? 3 : status === "sending" ? 2 : 1;

export interface DeliveryStatusDeps {
  db: Db;
  mailQueue: MailQueue;
  mail: { appName: string; appUrl: string };
}

/** POST /api/sms/status: Twilio's word on one text we sent. An unknown message id is ignored. */
export async function recordDeliveryStatus(
  deps: DeliveryStatusDeps,
  update: { messageSid: string; status: string; errorCode: string | null },
): Promise<void> {
  const status = update.status.trim().toLowerCase();
  if (!update.messageSid || !status) return;
  await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .update(smsMessages)
      .set({
        status,
        statusAt: sql`now()`,
        errorCode: sql`coalesce(${update.errorCode}, ${smsMessages.errorCode})`,
      })
      .where(and(eq(smsMessages.providerSid, update.messageSid), sql`${STATUS_RANK} < ${rankOf(status)}`))
      .returning({ userId: smsMessages.userId, phone: smsMessages.phone });
    if (!message?.userId) return;
    if (status === "delivered") {
      await tx
        .update(smsNumbers)
        .set({ consecutiveFailures: 0, updatedAt: sql`now()` })
        .where(
          and(
            eq(smsNumbers.userId, message.userId),
            eq(smsNumbers.phone, message.phone),
            gt(smsNumbers.consecutiveFailures, 0),
          ),
        );
    } else if (
      (status === "failed" || status === "undelivered") &&
      update.errorCode !== null &&
      PERMANENT_ERROR_CODES.includes(update.errorCode)
    ) {
      await recordPermanentFailure(tx, deps, { userId: message.userId, phone: message.phone });
    }
  });
}

/**
 * One more permanent failure for the user's number (if it is still this phone): at
 * SMS_LIMITS.failuresToSuspend in a row the number is suspended and its owner gets one mail. Inside `tx`,
 * so the mail is queued with the suspension or not at all.
 */
export async function recordPermanentFailure(
  tx: Db,
  deps: Pick<DeliveryStatusDeps, "mailQueue" | "mail">,
  { userId, phone }: { userId: string; phone: string },
): Promise<void> {
  // The suspension as it stood before this failure, read under the row's lock.
  const old = tx
    .select({ before: sql<Date | null>`${smsNumbers.suspendedAt}`.as("before") })
    .from(smsNumbers)
    .where(eq(smsNumbers.userId, userId))
    .for("update")
    .as("old");
  const [row] = await tx
    .update(smsNumbers)
    .set({
      consecutiveFailures: sql`${smsNumbers.consecutiveFailures} + 1`,
      suspendedAt: sql`case when ${smsNumbers.suspendedAt} is null
        and ${smsNumbers.consecutiveFailures} + 1 >= ${SMS_LIMITS.failuresToSuspend} then now()
        else ${smsNumbers.suspendedAt} end`,
      updatedAt: sql`now()`,
    })
    .from(old)
    .innerJoin(users, eq(users.id, userId))
    .where(and(eq(smsNumbers.userId, userId), eq(smsNumbers.phone, phone)))
    .returning({
      email: users.email,
      suspendedAt: smsNumbers.suspendedAt,
      suspendedNow: sql<boolean>`(${old.before} is null and ${smsNumbers.suspendedAt} is not null)`,
    });
  if (row?.suspendedNow && row.suspendedAt) {
    await deps.mailQueue.enqueue(tx, [
      suspendedMail(deps.mail, { userId, to: row.email, phone, suspendedAt: row.suspendedAt }),
    ]);
  }
}

/** Texts stopped: what happened and how to get them back. */
function suspendedMail(
  ctx: DeliveryStatusDeps["mail"],
  { userId, to, phone, suspendedAt }: { userId: string; to: string; phone: string; suspendedAt: Date },
): OutgoingMail {
  return {
    kind: "sms",
    // One mail per suspension (a number entered again and suspended again is mailed again).
    key: accountMailKey("sms", userId, `suspended:${suspendedAt.toISOString()}`),
    message: {
      to,
      subject: "Your SMS alerts have stopped",
      text: [
        `We stopped sending SMS alerts to ${phone}: our last ${SMS_LIMITS.failuresToSuspend} texts to it could not be delivered (the number could not be reached, or does not take texts).`,
        "",
        "Your email alerts are not affected.",
        "",
        "To get texts again, check the number and enter it again on the Alerts tab of your dashboard; we will text you a new code to confirm it:",
        `${ctx.appUrl}/publisher/dashboard?tab=alerts`,
        "",
        `— ${ctx.appName}`,
      ].join("\n"),
    },
  };
}
