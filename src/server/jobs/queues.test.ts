import { describe, expect, it } from "vitest";
import { JOB_MAINTENANCE_SECONDS, QUEUES, type QueueName } from "./queues";

// A job whose worker died is noticed at pg-boss's first maintenance after its expiry, then retried after
// the queue's first retry delay, which pg-boss stretches by up to as much again at random.

const WAITED_FOR: QueueName[] = [
  "mail",
  "mail-sign-in",
  "alert-instant-mail",
  "alert-digest-mail",
  "sms-alert",
  "sms-release",
  "sms-send",
  "webhook-delivery",
];

describe("queue rules", () => {
  it.each(WAITED_FOR)("retries a %s job cut off by a crash within a minute", (name) => {
    const { expireInSeconds, retryDelay } = QUEUES[name];
    expect(expireInSeconds + JOB_MAINTENANCE_SECONDS + 2 * retryDelay).toBeLessThanOrEqual(60);
  });
});
