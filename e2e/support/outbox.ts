import { expect } from "vitest";

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The mails of the development outbox that `match` picks, once there are at least `count` of them. Mail
 * goes out through the job queue a moment after the request that queued it (the server's workers
 * send it), so a test waits for it instead of reading the outbox once. `origin` is the server's address.
 */
export async function waitForMail(
  origin: string,
  match: (mail: OutboxMail) => boolean,
  count = 1,
): Promise<OutboxMail[]> {
  let found: OutboxMail[] = [];
  await expect
    .poll(
      async () => {
        const outbox = (await (await fetch(`${origin}/api/dev/outbox`)).json()) as OutboxMail[];
        found = outbox.filter(match);
        return found.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The sign-in link of the newest sign-in mail to `email`, once it is in the outbox. */
export async function waitForSignInLink(origin: string, email: string): Promise<string> {
  const [mail] = await waitForMail(origin, (m) => m.to === email && /\/auth\/magic\?token=/.test(m.text));
  const link = mail?.text.match(/https?:\/\/\S+\/auth\/magic\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no sign-in link for ${email}`);
  return link;
}
