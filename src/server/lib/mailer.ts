import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on alert mails (RFC 8058). */
  headers?: Record<string, string>;
  /** `<...@host>`: the same on every attempt of one mail (jobs/mail.ts), so a copy reads as the same message. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Mail goes through nodemailer either way: real SMTP when SMTP_URL is set, otherwise nodemailer's JSON
 * transport builds the message and it lands in the outbox table (development and tests only; config
 * refuses production without SMTP or OIDC).
 */
export function createMailer({
  db,
  smtpUrl,
  from,
}: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        // nodemailer's defaults wait up to 2 min for a connection and 10 min on a silent socket; a mail
        // job holds its mail for 30 s (its lease and its expiry, jobs/queues.ts), so an attempt gives up
        // well before: a server that answers does so in milliseconds.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 10_000,
      })
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
      if (!smtpUrl) {
        await db.insert(mailOutbox).values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          headers: message.headers ?? null,
        });
      }
    },
    close: () => transport.close(),
  };
}
