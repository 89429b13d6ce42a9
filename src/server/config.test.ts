import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("is production when APP_ENV is unset, and refuses to start without production's settings", () => {
    for (const env of [{}, { APP_ENV: "" }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow("DATABASE_URL is required in production");
    }
  });

  it("starts with nothing but APP_ENV=development (what npm start and npm run dev set)", () => {
    const config = loadConfig({ APP_ENV: "development" });
    expect(config).toMatchObject({
      env: "development",
      port: 5000,
      pgliteDir: ".data/pglite",
      premiumPriceCents: 49900,
      boostPriceCents: 9900,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appUrl).toBe("http://localhost:5000");
    // The browser may be opened at any loopback spelling of the address, and each must work.
    expect(config.siteOrigins).toEqual([
      "http://localhost:5000",
      "http://127.0.0.1:5000",
      "http://[::1]:5000",
    ]);
  });

  it("keeps one site origin outside development, and for a development APP_URL that is not loopback", () => {
    const production = loadConfig({
      APP_ENV: "production",
      DATABASE_URL: "postgres://db/app",
      SESSION_SECRET: "x".repeat(32),
      APP_URL: "http://localhost:5000",
      SMTP_URL: "smtp://mail",
    });
    expect(production.siteOrigins).toEqual(["http://localhost:5000"]);
    expect(loadConfig({ APP_ENV: "test", APP_URL: "http://127.0.0.1:4000" }).siteOrigins).toEqual([
      "http://127.0.0.1:4000",
    ]);
    expect(
      loadConfig({ APP_ENV: "development", APP_URL: "https://dev.hub.example:8443" }).siteOrigins,
    ).toEqual(["https://dev.hub.example:8443"]);
    expect(loadConfig({ APP_ENV: "development", APP_URL: "http://127.0.0.1:4000/" }).siteOrigins).toEqual([
      "http://127.0.0.1:4000",
      "http://localhost:4000",
      "http://[::1]:4000",
    ]);
  });

  it("lists every production problem at once, readably", () => {
    let error: unknown;
    try {
      loadConfig({ APP_ENV: "production" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        "DATABASE_URL is required in production",
        "SESSION_SECRET is required in production",
        "APP_URL is required in production",
        expect.stringMatching(/^SMTP_URL is required in production unless OIDC_ISSUER_URL is set/),
      ]),
    );
    expect((error as ConfigError).message).toContain("Invalid configuration:\n  - ");
  });

  it("accepts production with OIDC instead of SMTP", () => {
    const config = loadConfig({
      APP_ENV: "production",
      DATABASE_URL: "postgres://db/app",
      SESSION_SECRET: "x".repeat(40),
      APP_URL: "https://hub.example",
      OIDC_ISSUER_URL: "https://id.example",
      OIDC_CLIENT_ID: "hub",
    });
    expect(config.isProduction).toBe(true);
    expect(config.oidc).toEqual({
      issuerUrl: "https://id.example",
      clientId: "hub",
      clientSecret: undefined,
    });
  });

  it("simulates payments in development without Stripe keys, and uses Stripe otherwise or when told", () => {
    const payments = (env: NodeJS.ProcessEnv) => loadConfig(env).payments;
    expect(payments({ APP_ENV: "development" })).toBe("simulated");
    expect(payments({ APP_ENV: "development", PAYMENTS: "" })).toBe("simulated");
    expect(payments({ APP_ENV: "development", STRIPE_SECRET_KEY: "sk_test_1" })).toBe("stripe");
    expect(payments({ APP_ENV: "development", STRIPE_PUBLISHABLE_KEY: "pk_test_1" })).toBe("stripe");
    expect(payments({ APP_ENV: "development", PAYMENTS: "stripe" })).toBe("stripe");
    expect(payments({ APP_ENV: "development", PAYMENTS: "simulated", STRIPE_SECRET_KEY: "sk_1" })).toBe(
      "simulated",
    );
    expect(payments({ APP_ENV: "test" })).toBe("stripe");
    expect(payments({ APP_ENV: "test", PAYMENTS: "simulated" })).toBe("simulated");
    expect(() => loadConfig({ APP_ENV: "development", PAYMENTS: "fake" })).toThrow(
      'PAYMENTS must be "stripe" or "simulated"',
    );
  });

  it("refuses to start production with simulated payments, and defaults production to Stripe", () => {
    const production = {
      APP_ENV: "production",
      DATABASE_URL: "postgres://db/app",
      SESSION_SECRET: "x".repeat(40),
      APP_URL: "https://hub.example",
      SMTP_URL: "smtp://mail",
    };
    expect(loadConfig(production).payments).toBe("stripe");
    let error: ConfigError | undefined;
    try {
      loadConfig({ ...production, PAYMENTS: "simulated" });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.problems).toEqual([
      expect.stringMatching(
        /^PAYMENTS cannot be simulated in production: .* for development only\. Set PAYMENTS=stripe/,
      ),
    ]);
  });

  it("rejects malformed values with the variable's name", () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ APP_ENV: "development", PORT: "eighty", SESSION_SECRET: "short", APP_URL: "not a url" });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error?.problems.sort()).toEqual([
      "APP_URL must be a URL",
      "PORT must be a port number",
      "SESSION_SECRET must be at least 32 characters",
    ]);
    expect(() => loadConfig({ APP_ENV: "development", OIDC_ISSUER_URL: "https://id.example" })).toThrow(
      "OIDC_CLIENT_ID is required when OIDC_ISSUER_URL is set",
    );
  });

  it("takes DATABASE_URL and SMTP_URL only as URLs of their kind, naming an example", () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ APP_ENV: "development", ...env });
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };
    for (const value of ["not-a-url", "mysql://db/app", "postgres://", "db.internal:5432/hub"]) {
      expect(problems({ DATABASE_URL: value })).toEqual([
        "DATABASE_URL must be a URL starting with postgres:// or postgresql://, such as postgres://user:password@db.internal:5432/hub",
      ]);
    }
    for (const value of ["garbage", "http://mail.example", "smtp.example.com:587"]) {
      expect(problems({ SMTP_URL: value })).toEqual([
        "SMTP_URL must be a URL starting with smtp:// or smtps://, such as smtps://user:password@smtp.example.com:465",
      ]);
    }
    expect(
      problems({
        DATABASE_URL: "postgresql://hub:s%40cret@db:5432/hub?sslmode=require",
        SMTP_URL: "smtp://mail:25",
      }),
    ).toEqual([]);
  });

  it("takes Twilio only whole (account, token and a sender), and the SMS add-on's price", () => {
    const dev = loadConfig({ APP_ENV: "development" });
    expect(dev.twilio).toBeUndefined();
    expect(dev.sms).toEqual({ priceId: undefined, priceCents: 4900 });
    const twilio = loadConfig({
      APP_ENV: "development",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_MESSAGING_SERVICE_SID: "MG1",
      STRIPE_SMS_PRICE_ID: "price_sms",
      SMS_PRICE_CENTS: "2900",
    });
    expect(twilio.twilio).toEqual({
      accountSid: "AC1",
      authToken: "token",
      from: undefined,
      messagingServiceSid: "MG1",
      apiUrl: undefined,
    });
    expect(twilio.sms).toEqual({ priceId: "price_sms", priceCents: 2900 });
    expect(() =>
      loadConfig({ APP_ENV: "development", TWILIO_ACCOUNT_SID: "AC1", TWILIO_FROM: "+1" }),
    ).toThrow("TWILIO_AUTH_TOKEN is required when the other Twilio key is set");
    expect(() =>
      loadConfig({ APP_ENV: "development", TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t" }),
    ).toThrow("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required");
    expect(() => loadConfig({ APP_ENV: "development", SMS_PRICE_CENTS: "10" })).toThrow("SMS_PRICE_CENTS");
  });

  it("gives the development SMS outbox a stand-in auth token, and nothing else one", () => {
    expect(loadConfig({ APP_ENV: "development" }).smsOutboxAuthToken).toEqual(expect.any(String));
    const withTwilio = { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15555550100" };
    expect(loadConfig({ APP_ENV: "development", ...withTwilio }).smsOutboxAuthToken).toBeUndefined();
    expect(loadConfig({ APP_ENV: "test" }).smsOutboxAuthToken).toBeUndefined();
    const production = {
      APP_ENV: "production",
      DATABASE_URL: "postgres://db/app",
      SESSION_SECRET: "x".repeat(40),
      APP_URL: "https://hub.example",
      SMTP_URL: "smtp://mail.example",
    };
    expect(loadConfig(production).smsOutboxAuthToken).toBeUndefined();
  });

  it("parses ADMIN_EMAILS as a lower-cased list", () => {
    expect(
      loadConfig({ APP_ENV: "development", ADMIN_EMAILS: " Boss@Example.test, ops@example.test ,," })
        .adminEmails,
    ).toEqual(["boss@example.test", "ops@example.test"]);
  });

  it("trusts no proxy by default, and TRUST_PROXY as a hop count or a list of addresses and CIDRs", () => {
    const trustOf = (value?: string) =>
      loadConfig({ APP_ENV: "development", ...(value === undefined ? {} : { TRUST_PROXY: value }) })
        .trustProxy;
    expect(trustOf()).toBe(false);
    expect(trustOf("")).toBe(false);
    expect(trustOf("0")).toBe(false);
    expect(trustOf("2")).toBe(2);
    expect(trustOf(" 10.0.0.1, 10.1.0.0/16 ,fd00::/8, loopback")).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
    // "true" would let every client pick its address: refused, like anything that is not an address.
    for (const bad of ["true", "proxy.internal", "10.0.0.0/33", "10.0.0.1/8/8", "1.2.3"]) {
      expect(() => trustOf(bad), bad).toThrow(/TRUST_PROXY must be a hop count/);
    }
  });

  it("serves no metrics without METRICS_TOKEN, and METRICS_PORT only beside a token", () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ APP_ENV: "development", ...env });
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(loadConfig({ APP_ENV: "development" }).metrics).toBeUndefined();
    expect(loadConfig({ APP_ENV: "development", METRICS_TOKEN: " " }).metrics).toBeUndefined();
    const token = "scrape-token-0123456789";
    expect(loadConfig({ APP_ENV: "development", METRICS_TOKEN: token }).metrics).toEqual({
      token,
      port: undefined,
    });
    expect(
      loadConfig({ APP_ENV: "development", METRICS_TOKEN: token, METRICS_PORT: "9464" }).metrics,
    ).toEqual({ token, port: 9464 });
    expect(problemsOf({ METRICS_TOKEN: "short" })).toEqual(["METRICS_TOKEN must be at least 16 characters"]);
    expect(problemsOf({ METRICS_PORT: "9464" })).toEqual([
      "METRICS_PORT needs METRICS_TOKEN: without a token there are no metrics to serve",
    ]);
    expect(problemsOf({ METRICS_TOKEN: token, METRICS_PORT: "5000" })).toEqual([
      "METRICS_PORT must differ from PORT",
    ]);
    expect(problemsOf({ METRICS_TOKEN: token, METRICS_PORT: "nine" })).toEqual([
      "METRICS_PORT must be a port number",
    ]);
    expect(problemsOf({ METRICS_TOKEN: token, METRICS_PORT: "70000" })).toEqual([
      "METRICS_PORT must be a port number",
    ]);
  });

  it("turns traces on only with an OTLP endpoint, named paypercall-hub unless OTEL_SERVICE_NAME says", () => {
    const telemetryOf = (env: Record<string, string>) =>
      loadConfig({ APP_ENV: "development", ...env }).telemetry;
    expect(telemetryOf({})).toBeUndefined();
    expect(telemetryOf({ OTEL_EXPORTER_OTLP_ENDPOINT: " " })).toBeUndefined();
    expect(telemetryOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toEqual({
      endpoint: "http://collector:4318",
      serviceName: "paypercall-hub",
    });
    // The traces-only endpoint wins over the general one, as in every OpenTelemetry SDK.
    expect(
      telemetryOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces:4318/v1/traces",
        OTEL_SERVICE_NAME: "hub-eu",
      }),
    ).toEqual({ endpoint: "http://traces:4318/v1/traces", serviceName: "hub-eu" });
    expect(() => telemetryOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(
      "OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL",
    );
  });

  it("drains for 5 s after SIGTERM in production and 1 s otherwise, unless SHUTDOWN_DRAIN_MS says", () => {
    const production = {
      APP_ENV: "production",
      DATABASE_URL: "postgres://db/hub",
      SESSION_SECRET: "x".repeat(40),
      APP_URL: "https://hub.example",
      SMTP_URL: "smtp://mail.example",
    };
    expect(loadConfig(production).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ APP_ENV: "development" }).shutdownDrainMs).toBe(1000);
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_MS: "2500" }).shutdownDrainMs).toBe(2500);
    expect(() => loadConfig({ APP_ENV: "development", SHUTDOWN_DRAIN_MS: "-1" })).toThrow(
      /SHUTDOWN_DRAIN_MS/,
    );
  });
});
