import type { Db } from "../../db/client";
import type { MailQueue } from "../../jobs/mail";

// Placeholder: the delivery-status handling is being written (records the status per message, suspends
// a number after repeated permanent failures and mails its owner).

export interface DeliveryStatusDeps {
  db: Db;
  mailQueue: MailQueue;
  mail: { appName: string; appUrl: string };
}

/** POST /api/sms/status: Twilio's word on one text we sent. */
export async function recordDeliveryStatus(
  _deps: DeliveryStatusDeps,
  _update: { messageSid: string; status: string; errorCode: string | null },
): Promise<void> {}
