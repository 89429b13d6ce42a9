import type { Db } from "../../db/client";
import type { JobQueue } from "../../jobs/job-queue";

// Placeholder: replies to our number (STOP, START, HELP), being written.

export interface InboundDeps {
  db: Db;
  jobs: JobQueue;
  appName: string;
  appUrl: string;
}

/** POST /api/sms/inbound: one text someone sent to our number. */
export async function handleInboundSms(
  _deps: InboundDeps,
  _message: { from: string; body: string; messageSid: string | null },
): Promise<void> {}
