import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /**
   * While true, every connection is turned away at the greeting with 421 ("service not available"), as
   * a mail server that is down for maintenance answers: the SMTP server is down, then up again.
   */
  refusing: boolean;
  /**
   * Holds the end of DATA (the "accepted" answer) for mails to the addresses `match` names until
   * `release()`: a slow server that is busy with them.
   */
  hold(match: (address: string) => boolean): { release(): void };
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives (tests of the SMTP path). Recipients that
 * `refuse` names are answered 550, as a mail server refuses an address (tests of a failed delivery).
 */
async function startSmtpSink(options: { refuse?: (address: string) => boolean } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const holds: { match: (address: string) => boolean; released: Promise<void> }[] = [];
  const sink = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      if (sink.refusing) {
        return callback(
          Object.assign(new Error("Service not available, try again later"), { responseCode: 421 }),
        );
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const held = holds.filter((h) => to.some(h.match)).map((h) => h.released);
        void Promise.all(held).then(() => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to,
            raw,
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refusing() {
      return sink.refusing;
    },
    set refusing(value: boolean) {
      sink.refusing = value;
    },
    hold(match) {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ match, released });
      return { release };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A sink for the enclosing test file or describe block: started before its tests, closed after them.
 * `env` is for useTestApp: it gains SMTP_URL once the sink listens (useTestApp reads it when it builds
 * the app), on top of `extraEnv` (a MAIL_FROM, say). `sink` stands for the running sink.
 */
export function withSmtpSink(
  options: { refuse?: (address: string) => boolean; extraEnv?: Record<string, string> } = {},
): { env: Record<string, string>; sink: SmtpSink } {
  const env: Record<string, string> = { ...options.extraEnv };
  let started: SmtpSink | undefined;
  const current = () => {
    if (!started) throw new Error("the SMTP sink starts before the tests (beforeAll)");
    return started;
  };
  beforeAll(async () => {
    started = await startSmtpSink(options.refuse ? { refuse: options.refuse } : {});
    env.SMTP_URL = started.url;
  });
  afterAll(async () => {
    await started?.close();
  });
  const sink: SmtpSink = {
    get url() {
      return current().url;
    },
    get received() {
      return current().received;
    },
    get refusing() {
      return current().refusing;
    },
    set refusing(value: boolean) {
      current().refusing = value;
    },
    hold: (match) => current().hold(match),
    close: () => current().close(),
  };
  return { env, sink };
}
