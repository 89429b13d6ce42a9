import { isIP } from "node:net";
import { z } from "zod";
import {
  DEFAULT_APP_NAME,
  DEFAULT_BOOST_PRICE_CENTS,
  DEFAULT_PREMIUM_PRICE_CENTS,
  DEFAULT_SMS_PRICE_CENTS,
} from "../shared/constants";

// Every environment variable the server reads is parsed here, once, at startup, so a wrong setting
// fails fast with a readable list instead of surfacing later in a request.
// `.env.example` documents each one; keep the two in step.

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const optionalUrl = optionalString.pipe(z.url({ message: "must be a URL" }).optional());
const optionalHttpUrl = optionalString.pipe(
  z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional(),
);

// A URL of one of `protocols`, checked here because the drivers read anything: node-postgres takes
// "not-a-url" for a socket path and ends with "getaddrinfo ENOTFOUND base", nodemailer takes "garbage"
// for a host and fails every mail, long after the start.
function urlOf(protocols: string[], example: string) {
  const message = `must be a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}, such as ${example}`;
  return optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol.slice(0, -1)) && url.hostname !== "";
      } catch {
        return false;
      }
    },
    { message },
  );
}

/** The proxies in front of the app: how many hops, or which addresses; none by default. */
export type TrustProxy = false | number | string[];

// proxy-addr's names for address ranges (Fastify passes the list to it).
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

const TRUST_PROXY_MESSAGE =
  "must be a hop count (1) or a comma-separated list of proxy addresses or CIDRs (10.0.0.0/8, loopback)";

// Never "true": trusting every hop lets any client pick its own address with X-Forwarded-For.
const trustProxySchema = optionalString.transform((value, ctx): TrustProxy => {
  if (value === undefined || value === "0" || value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isProxyAddress)) {
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  }
  return entries;
});

// Five cron fields (minute hour day month weekday), read in UTC; pg-boss parses them for real at start.
const cronSchema = z
  .string()
  .trim()
  .refine((v) => /^\S+( \S+){4}$/.test(v), {
    message: 'must be a cron expression of five fields, such as "0 13 * * *" (UTC)',
  });

const envSchema = z
  .object({
    // Production unless a development script says otherwise (package.json, scripts/): a deployment
    // that forgets the variable fails closed instead of opening the development helpers.
    APP_ENV: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(["development", "test", "production"]).default("production"),
    ),
    PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).default(5000),
    HOST: z.string().default("0.0.0.0"),
    TRUST_PROXY: trustProxySchema,
    APP_URL: optionalUrl,
    APP_NAME: z.string().min(1).default(DEFAULT_APP_NAME),
    DATABASE_URL: urlOf(["postgres", "postgresql"], "postgres://user:password@db.internal:5432/hub"),
    PGLITE_DIR: z.string().default(".data/pglite"),
    PGLITE_MAX_IN_FLIGHT: z.coerce
      .number({ message: "must be a whole number" })
      .int({ message: "must be a whole number" })
      .min(1)
      .default(32),
    SESSION_SECRET: optionalString.pipe(
      z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    ),
    ADMIN_EMAILS: optionalString.transform((v) =>
      (v ?? "")
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    SMTP_URL: urlOf(["smtp", "smtps"], "smtps://user:password@smtp.example.com:465"),
    MAIL_FROM: z.string().default("PayPerCall Hub <no-reply@localhost>"),
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    // Where payments go: Stripe, or the simulated provider of development (features/payment-simulation).
    // Unset: simulated in development when no Stripe key is set, Stripe otherwise.
    PAYMENTS: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.enum(["stripe", "simulated"], { message: 'must be "stripe" or "simulated"' }).optional(),
    ),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ID: optionalString,
    // The SMS Alerts add-on's monthly Stripe Price (features/subscriptions, features/sms).
    STRIPE_SMS_PRICE_ID: optionalString,
    STRIPE_API_URL: optionalUrl,
    PREMIUM_PRICE_CENTS: z.coerce
      .number({ message: "must be a whole number of cents" })
      .int()
      .positive()
      .default(DEFAULT_PREMIUM_PRICE_CENTS),
    BOOST_PRICE_CENTS: z.coerce
      .number({ message: "must be a whole number of cents" })
      .int()
      .min(50, "must be at least 50 cents (Stripe's smallest USD charge)")
      .default(DEFAULT_BOOST_PRICE_CENTS),
    SMS_PRICE_CENTS: z.coerce
      .number({ message: "must be a whole number of cents" })
      .int()
      .min(50, "must be at least 50 cents (Stripe's smallest USD charge)")
      .default(DEFAULT_SMS_PRICE_CENTS),
    // Texts through Twilio (lib/sms.ts): the account, and the sender (a number or a messaging service).
    // TWILIO_API_URL points the SDK elsewhere (tests' loopback fake) and is used for nothing else.
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM: optionalString,
    TWILIO_MESSAGING_SERVICE_SID: optionalString,
    TWILIO_API_URL: optionalHttpUrl,
    LEGAL_EMAIL: z.email().default("legal@paypercallhub.example"),
    LEGAL_ADDRESS: z
      .string()
      .default("PayPerCall Hub Legal Team, 100 Market Street, Suite 300, Austin, TX 78701"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // After SIGTERM, how long /api/ready answers 503 while every other request is still served, before
    // the listener closes: time for a load balancer's health check to send traffic elsewhere.
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ message: "must be milliseconds" })
      .int()
      .min(0)
      .max(60_000)
      .optional(),
    // Listing alert digests (features/alerts): when the daily and the weekly one go out, in UTC.
    ALERT_DAILY_CRON: cronSchema.default("0 13 * * *"),
    ALERT_WEEKLY_CRON: cronSchema.default("0 13 * * 1"),
    // Prometheus metrics at /metrics (plugins/metrics.ts): the bearer token a scraper sends, and
    // optionally a port of their own so the app's port never serves them.
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, { message: "must be at least 16 characters" }).optional(),
    ),
    METRICS_PORT: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.coerce
        .number({ message: "must be a port number" })
        .int({ message: "must be a port number" })
        .min(0, { message: "must be a port number" })
        .max(65535, { message: "must be a port number" })
        .optional(),
    ),
    // Traces (telemetry.ts): OpenTelemetry's own variables. Either endpoint turns tracing on; the SDK
    // reads the rest of the OTEL_* settings (headers, sampler, batch delays) itself.
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalHttpUrl,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalHttpUrl,
    OTEL_SERVICE_NAME: optionalString,
    API_RATE_LIMIT: z.coerce
      .number()
      .int("API_RATE_LIMIT must be a whole number of requests per minute")
      .min(1, "API_RATE_LIMIT must be at least 1")
      .default(600),
    SESSION_WRITE_RATE_LIMIT: z.coerce
      .number()
      .int("SESSION_WRITE_RATE_LIMIT must be a whole number of requests per minute")
      .min(1, "SESSION_WRITE_RATE_LIMIT must be at least 1")
      .default(120),
    VERIFY_ALLOW_PRIVATE: z
      .enum(["0", "1"])
      .default("0")
      .transform((v) => v === "1"),
    // Comma list of DNS servers ("10.0.0.2", "127.0.0.1:5353", "[::1]:53") the domain checks ask.
    VERIFY_DNS_SERVERS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/,
              "VERIFY_DNS_SERVERS must list IP addresses, each with an optional :port",
            ),
        ),
      ),
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && !env.METRICS_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "needs METRICS_TOKEN: without a token there are no metrics to serve",
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    }
    if (env.OIDC_ISSUER_URL && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_CLIENT_ID"],
        message: "is required when OIDC_ISSUER_URL is set",
      });
    }
    if (env.TWILIO_ACCOUNT_SID || env.TWILIO_AUTH_TOKEN) {
      const missing = (["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"] as const).filter((key) => !env[key]);
      for (const key of missing) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "is required when the other Twilio key is set",
        });
      }
      if (!env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID) {
        ctx.addIssue({
          code: "custom",
          path: ["TWILIO_FROM"],
          message: "or TWILIO_MESSAGING_SERVICE_SID is required: the number (or service) texts come from",
        });
      }
    }
    if (env.APP_ENV !== "production") return;
    if (env.PAYMENTS === "simulated") {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENTS"],
        message:
          "cannot be simulated in production: the simulated provider takes no money and is for development only. Set PAYMENTS=stripe (or leave it unset) with the Stripe keys",
      });
    }
    const required = ["DATABASE_URL", "SESSION_SECRET", "APP_URL"] as const;
    for (const key of required) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required in production" });
    }
    if (!env.SMTP_URL && !env.OIDC_ISSUER_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required in production unless OIDC_ISSUER_URL is set (users need a way to sign in)",
      });
    }
  });

type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env["APP_ENV"];
  isProduction: boolean;
  isDevelopment: boolean;
  port: number;
  host: string;
  /** Which proxies' X-Forwarded-For to believe for the client address (plugins/proxy.ts). */
  trustProxy: TrustProxy;
  appUrl: string;
  /**
   * The origins our own pages are served from: APP_URL's, and in development also its loopback
   * spellings on the same port (localhost, 127.0.0.1, [::1]), since the browser may be opened at any of
   * them. The Origin check, the logout navigation and sign-in links use it.
   */
  siteOrigins: string[];
  appName: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** On PGlite: requests in flight past which the next is answered 503 (plugins/busy-guard.ts). */
  pgliteMaxInFlight: number;
  sessionSecret: string;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string | undefined } | undefined;
  /**
   * "simulated": payments go to the simulated provider the development server starts (never in
   * production); its keys then replace `stripe`'s at start (server.ts). "stripe": the keys below, if any.
   */
  payments: PaymentsMode;
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    priceId: string | undefined;
    apiUrl: string | undefined;
  };
  premiumPriceCents: number;
  /** What one Boost (BOOST_DAYS of featured placement) costs, charged as a one-off PaymentIntent. */
  boostPriceCents: number;
  /** The SMS Alerts add-on: its Stripe Price (monthly) and the price the pages show. */
  sms: { priceId: string | undefined; priceCents: number };
  /**
   * Twilio, when TWILIO_ACCOUNT_SID is set; undefined otherwise (development texts land in the SMS
   * outbox, production answers the SMS routes 503).
   */
  twilio: TwilioConfig | undefined;
  /**
   * Development without Twilio: the auth token the SMS outbox checks the Twilio signature of
   * /api/sms/inbound and /api/sms/status with, and /api/dev/sms-inbound signs its replies with. A
   * constant of the code, never read from the environment: undefined in production and tests.
   */
  smsOutboxAuthToken: string | undefined;
  legal: { email: string; address: string };
  logLevel: Env["LOG_LEVEL"];
  /** SIGTERM's draining time: 5 s in production, 1 s otherwise, unless SHUTDOWN_DRAIN_MS says. */
  shutdownDrainMs: number;
  verifyAllowPrivate: boolean;
  /** DNS servers the domain checks ask instead of the system's (empty: the system's). */
  verifyDnsServers: string[];
  /** Requests a user's API keys may make per minute, all keys together (API_RATE_LIMIT, default 600). */
  apiRateLimit: number;
  /**
   * Writes (POST, PUT, PATCH, DELETE) a signed-in user may make per minute through the app, all their
   * sessions together (SESSION_WRITE_RATE_LIMIT, default 120).
   */
  sessionWriteRateLimit: number;
  /** Cron expressions (UTC) of the alert digests. */
  alertDigestCrons: { daily: string; weekly: string };
  /**
   * /metrics for Prometheus when METRICS_TOKEN is set (else none): on the app's port, or only on
   * `port` (0: any free port) when METRICS_PORT is set.
   */
  metrics: { token: string; port: number | undefined } | undefined;
  /** OpenTelemetry traces, when an OTLP endpoint is set; undefined otherwise (nothing of it loads). */
  telemetry: TelemetryConfig | undefined;
}

export type PaymentsMode = "stripe" | "simulated";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164), or undefined when a messaging service sends. */
  from: string | undefined;
  messagingServiceSid: string | undefined;
  /** Tests only: the loopback fake's base URL instead of https://api.twilio.com. */
  apiUrl: string | undefined;
}

export interface TelemetryConfig {
  /** Where spans go: the OTLP/HTTP traces URL, or the base URL the exporter adds /v1/traces to. */
  endpoint: string;
  serviceName: string;
}

/** The service name traces carry unless OTEL_SERVICE_NAME says otherwise. */
const DEFAULT_SERVICE_NAME = "paypercall-hub";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

// Development only: a fixed secret so sessions survive restarts without configuration.
const DEV_SESSION_SECRET = "development-only-session-secret-change-me-0123456789";
// Development only: what the SMS outbox stands in for Twilio's auth token with (smsOutboxAuthToken).
const DEV_SMS_AUTH_TOKEN = "development-only-twilio-auth-token";

/** Parses the environment; throws ConfigError listing every problem at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join(".") || "environment"} ${i.message}`),
    );
  }
  const env = parsed.data;
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  return {
    env: env.APP_ENV,
    isProduction: env.APP_ENV === "production",
    isDevelopment: env.APP_ENV === "development",
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    appUrl,
    siteOrigins: siteOrigins(appUrl, env.APP_ENV === "development"),
    appName: env.APP_NAME,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    pgliteMaxInFlight: env.PGLITE_MAX_IN_FLIGHT,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    adminEmails: env.ADMIN_EMAILS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    oidc: env.OIDC_ISSUER_URL
      ? {
          issuerUrl: env.OIDC_ISSUER_URL,
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET,
        }
      : undefined,
    payments: env.PAYMENTS ?? defaultPayments(env),
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      priceId: env.STRIPE_PRICE_ID,
      apiUrl: env.STRIPE_API_URL,
    },
    premiumPriceCents: env.PREMIUM_PRICE_CENTS,
    boostPriceCents: env.BOOST_PRICE_CENTS,
    sms: { priceId: env.STRIPE_SMS_PRICE_ID, priceCents: env.SMS_PRICE_CENTS },
    twilio: env.TWILIO_ACCOUNT_SID
      ? {
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN!,
          from: env.TWILIO_FROM,
          messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
          apiUrl: env.TWILIO_API_URL,
        }
      : undefined,
    smsOutboxAuthToken:
      env.APP_ENV === "development" && !env.TWILIO_ACCOUNT_SID ? DEV_SMS_AUTH_TOKEN : undefined,
    legal: { email: env.LEGAL_EMAIL, address: env.LEGAL_ADDRESS },
    logLevel: env.LOG_LEVEL,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.APP_ENV === "production" ? 5000 : 1000),
    verifyAllowPrivate: env.VERIFY_ALLOW_PRIVATE,
    verifyDnsServers: env.VERIFY_DNS_SERVERS,
    apiRateLimit: env.API_RATE_LIMIT,
    sessionWriteRateLimit: env.SESSION_WRITE_RATE_LIMIT,
    alertDigestCrons: { daily: env.ALERT_DAILY_CRON, weekly: env.ALERT_WEEKLY_CRON },
    metrics: env.METRICS_TOKEN ? { token: env.METRICS_TOKEN, port: env.METRICS_PORT } : undefined,
    telemetry: telemetryConfig(env),
  };
}

/** Simulated in development when no Stripe key is set, so every paid path can be tried without an account. */
function defaultPayments(env: Env): PaymentsMode {
  const hasStripeKey = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY);
  return env.APP_ENV === "development" && !hasStripeKey ? "simulated" : "stripe";
}

function telemetryConfig(env: Env): TelemetryConfig | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return undefined;
  return { endpoint, serviceName: env.OTEL_SERVICE_NAME ?? DEFAULT_SERVICE_NAME };
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

function siteOrigins(appUrl: string, isDevelopment: boolean): string[] {
  const url = new URL(appUrl);
  // Outside development one origin: a deployment has one address, and its cookies are bound to it.
  if (!isDevelopment || !LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return [
    url.origin,
    ...LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map((host) => {
      const other = new URL(url.origin);
      other.hostname = host;
      return other.origin;
    }),
  ];
}
