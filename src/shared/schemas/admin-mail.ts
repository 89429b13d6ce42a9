import { z } from "zod";
import { MAIL_KINDS } from "../constants";
import { adminPageFields } from "./admin";

// The failed-mail list (/admin/mail): mails whose retries were used up, for an admin to look into and
// send again. Never the body: a sign-in mail carries a live link.

/** GET /api/admin/mail/failed: newest first. */
export const failedMailQuerySchema = z.object(adminPageFields);
export type FailedMailQuery = z.infer<typeof failedMailQuerySchema>;

export const failedMailSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  /** Attempts made so far (each retry of the queue, and an admin's retries, count). */
  attempts: z.number().int(),
  /** The SMTP server's last answer, or why the mail was given up on. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it was last tried. */
  updatedAt: z.string(),
  /** False when sending it now would be pointless: a sign-in link that has expired. */
  retryable: z.boolean(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

/** POST /api/admin/mail/failed/{id}/retry: the mail is queued again. */
export const retriedMailSchema = z.object({ id: z.string(), status: z.literal("queued") });
export type RetriedMail = z.infer<typeof retriedMailSchema>;

export const FAILED_MAIL_MESSAGES = {
  notFound: "No failed mail with this id (it may have been sent or retried already).",
  expired: "This sign-in link has expired: the person can ask for a new one.",
} as const;
