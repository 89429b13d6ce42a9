import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { SMS_LIMITS } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { smsConsents, smsMessages, smsNumbers, smsOptOuts } from "../../db/schema";
import { type JobQueue, transactionClient } from "../../jobs/job-queue";
import { SmsSendError, type SmsSender } from "../../lib/sms";

// Replies to our number (docs/publishers.md, "SMS alerts"), after sms-webhook.ts checked Twilio's
// signature. The keywords carriers and the CTIA expect: STOP and its synonyms opt the number out at once,
// START and UNSTOP opt it back in, HELP says who we are and how to stop. Each changes every account
// that uses the number (an opt-out is the number's, not an account's), is recorded as a consent event,
// and is confirmed by one text: a second STOP finds nothing to change and sends nothing. A STOP is also
// kept for the number itself (sms_opt_outs), even one no account uses yet: until that number texts START,
// no account can have anything texted to it, a verification code included. Anything else is ignored. The confirmations are texts of sms_messages sent by the "sms-send" job, so a provider
// hiccup delays them without losing them, and the opt-out itself is never held up by the provider.

const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP"]);
const HELP_WORDS = new Set(["HELP", "INFO"]);

export interface InboundDeps {
  db: Db;
  jobs: JobQueue;
  appName: string;
  appUrl: string;
}

const replyTexts = (appName: string, appUrl: string) => ({
  stopped: `${appName}: you are unsubscribed and will get no more texts from us. Reply START to opt back in.`,
  started: `${appName}: you will get listing alert texts again. Reply STOP to opt out, HELP for help.`,
  help: `${appName} listing alerts: up to ${SMS_LIMITS.textsPerDay} texts a day. Msg & data rates may apply. Reply STOP to opt out. Help: ${new URL(appUrl).host}`,
});

/** The keyword a reply is, if it is one: the whole text, case and surrounding punctuation aside. */
function keywordOf(body: string): string | null {
  const word = body
    .trim()
    .replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, "")
    .toUpperCase();
  if (STOP_WORDS.has(word) || START_WORDS.has(word) || HELP_WORDS.has(word)) return word;
  return null;
}

/** POST /api/sms/inbound: one text someone sent to our number. */
export async function handleInboundSms(
  deps: InboundDeps,
  message: { from: string; body: string; messageSid: string | null },
): Promise<void> {
  const keyword = keywordOf(message.body);
  if (!keyword || !message.from) return;
  const texts = replyTexts(deps.appName, deps.appUrl);
  await deps.db.transaction(async (tx) => {
    if (STOP_WORDS.has(keyword)) {
      await tx
        .insert(smsOptOuts)
        .values({ phone: message.from, keyword, optedOutAt: new Date() })
        .onConflictDoNothing({ target: smsOptOuts.phone });
    } else if (START_WORDS.has(keyword)) {
      await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, message.from));
    }
    const rows = await tx
      .select({
        userId: smsNumbers.userId,
        optedOutAt: smsNumbers.optedOutAt,
        verifiedAt: smsNumbers.verifiedAt,
      })
      .from(smsNumbers)
      .where(eq(smsNumbers.phone, message.from))
      .for("update");
    // No account uses the number: nothing more to change, and nothing to answer (a reply costs a text).
    if (rows.length === 0) return;
    let reply: { kind: "opt_out_confirmation" | "opt_in_confirmation" | "help"; body: string } | null = null;
    let changed: string[] = [];

    if (STOP_WORDS.has(keyword)) {
      changed = rows.filter((r) => !r.optedOutAt).map((r) => r.userId);
      if (changed.length > 0) {
        await tx
          .update(smsNumbers)
          .set({ optedOutAt: new Date(), optOutSource: "sms", updatedAt: new Date() })
          .where(and(eq(smsNumbers.phone, message.from), isNull(smsNumbers.optedOutAt)));
        reply = { kind: "opt_out_confirmation", body: texts.stopped };
      }
    } else if (START_WORDS.has(keyword)) {
      // Only a number that was verified comes back: START never skips the code of an unverified one.
      changed = rows.filter((r) => r.optedOutAt && r.verifiedAt).map((r) => r.userId);
      if (changed.length > 0) {
        await tx
          .update(smsNumbers)
          .set({ optedOutAt: null, optOutSource: null, updatedAt: new Date() })
          .where(
            and(
              eq(smsNumbers.phone, message.from),
              isNotNull(smsNumbers.optedOutAt),
              isNotNull(smsNumbers.verifiedAt),
            ),
          );
        reply = { kind: "opt_in_confirmation", body: texts.started };
      }
    } else {
      reply = { kind: "help", body: texts.help };
    }

    if (changed.length > 0) {
      await tx.insert(smsConsents).values(
        changed.map((userId) => ({
          userId,
          phone: message.from,
          event: STOP_WORDS.has(keyword) ? ("opted_out" as const) : ("opted_in" as const),
          source: "sms" as const,
          keyword,
        })),
      );
    }
    if (reply) {
      // One text per number, whoever of its accounts it goes on record for.
      const [text] = await tx
        .insert(smsMessages)
        .values({
          userId: rows[0]!.userId,
          phone: message.from,
          kind: reply.kind,
          body: reply.body,
          status: "pending",
        })
        .returning({ id: smsMessages.id });
      await deps.jobs.send("sms-send", { messageId: text!.id }, { within: transactionClient(tx) });
    }
  });
}

/**
 * sms-send: one prepared text (a reply above). Sent once: only while it is still "pending"; a transient
 * provider error throws for the queue's retry, a permanent one marks it failed.
 */
async function sendPreparedText(
  deps: { db: Db; sms: SmsSender | undefined },
  { messageId }: { messageId: string },
): Promise<void> {
  if (!deps.sms) return;
  const [text] = await deps.db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.id, messageId), eq(smsMessages.status, "pending")));
  if (!text) return;
  try {
    const sent = await deps.sms.send({ to: text.phone, body: text.body });
    await deps.db
      .update(smsMessages)
      .set({ status: sent.status, providerSid: sent.sid, statusAt: new Date() })
      .where(eq(smsMessages.id, messageId));
  } catch (err) {
    if (err instanceof SmsSendError && err.permanent) {
      await deps.db
        .update(smsMessages)
        .set({ status: "failed", errorCode: err.code, statusAt: new Date() })
        .where(eq(smsMessages.id, messageId));
      return;
    }
    throw err;
  }
}

/** Registers the sms-send job (app.ts). */
export function registerSmsReplyJob(jobs: JobQueue, deps: { db: Db; sms: SmsSender | undefined }): void {
  jobs.handle("sms-send", (data) => sendPreparedText(deps, data));
}
