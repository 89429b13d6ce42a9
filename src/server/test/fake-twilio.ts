import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";

// A loopback stand-in for Twilio's Messages API, which the app's real Twilio SDK talks to through
// TWILIO_API_URL: it checks the account's basic auth, keeps every message, and can be told to refuse the
// next sends (a 5xx outage, or a 4xx refusal of a bad number). Plus the signing Twilio's webhooks use, so
// tests can post inbound replies and status callbacks as Twilio's servers would.

const FAKE_TWILIO_ACCOUNT_SID = "AC00000000000000000000000000000001";
const FAKE_TWILIO_AUTH_TOKEN = "fake_twilio_auth_token_0123456789";
const FAKE_TWILIO_FROM = "+12015550100";

interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
}

export interface FakeTwilio {
  url: string;
  /** Messages accepted, oldest first. */
  messages: FakeTwilioMessage[];
  /** Requests of any outcome (refused ones too). */
  requestCount(): number;
  /** Refuse the next `count` sends with this HTTP status and Twilio error code (500 and 20500 by default). */
  failNext(count: number, failure?: { status: number; code: number }): void;
  reset(): void;
  close(): Promise<void>;
}

/** The env that points the app at the fake. */
export function fakeTwilioEnv(fake: FakeTwilio): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
    TWILIO_FROM: FAKE_TWILIO_FROM,
    TWILIO_API_URL: fake.url,
  };
}

/** X-Twilio-Signature for a POST of `params` to `url`, as Twilio computes it. */
export function signTwilioRequest(
  url: string,
  params: Record<string, string>,
  authToken = FAKE_TWILIO_AUTH_TOKEN,
) {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  let messages: FakeTwilioMessage[] = [];
  let requests = 0;
  let failures: { left: number; status: number; code: number } = { left: 0, status: 500, code: 20500 };
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_TWILIO_ACCOUNT_SID}:${FAKE_TWILIO_AUTH_TOKEN}`).toString("base64")}`;
  const messagesPath = `/2010-04-01/Accounts/${FAKE_TWILIO_ACCOUNT_SID}/Messages.json`;

  const server = createServer(async (request, response) => {
    requests++;
    const body = await readBody(request);
    if (request.headers.authorization !== expectedAuth) {
      return answer(response, 401, { code: 20003, message: "Authenticate", status: 401 });
    }
    if (request.method !== "POST" || request.url !== messagesPath) {
      return answer(response, 404, {
        code: 20404,
        message: "The requested resource was not found",
        status: 404,
      });
    }
    if (failures.left > 0) {
      failures.left--;
      return answer(response, failures.status, {
        code: failures.code,
        message: "Refused by the fake",
        status: failures.status,
      });
    }
    const form = new URLSearchParams(body);
    const message: FakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      to: form.get("To") ?? "",
      from: form.get("From"),
      messagingServiceSid: form.get("MessagingServiceSid"),
      body: form.get("Body") ?? "",
      statusCallback: form.get("StatusCallback"),
    };
    if (!message.to || !message.body || (!message.from && !message.messagingServiceSid)) {
      return answer(response, 400, {
        code: 21604,
        message: "A 'To', 'Body' and sender are required",
        status: 400,
      });
    }
    messages.push(message);
    answer(response, 201, {
      sid: message.sid,
      account_sid: FAKE_TWILIO_ACCOUNT_SID,
      to: message.to,
      from: message.from,
      messaging_service_sid: message.messagingServiceSid,
      body: message.body,
      status: "queued",
      num_segments: "1",
      direction: "outbound-api",
      date_created: new Date().toUTCString(),
      uri: `${messagesPath.replace(".json", "")}/${message.sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get messages() {
      return messages;
    },
    requestCount: () => requests,
    failNext: (count, failure = { status: 500, code: 20500 }) => {
      failures = { left: count, ...failure };
    },
    reset: () => {
      messages = [];
      requests = 0;
      failures = { left: 0, status: 500, code: 20500 };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
