import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PAYMENT_MESSAGES } from "../../shared/constants";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { LogThrottle } from "../lib/log-throttle";
import { openTestDatabase, testConfig } from "../test/context";
import { captureLogs } from "../test/log-capture";
import { classifyDatabaseError, retryOnceOnContention } from "./database-errors";
import { CONTENTION_MESSAGE } from "./errors";
import { redactText, serializeError } from "./logging";

describe("database failures in answers and logs", () => {
  const logs = captureLogs();
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: logs.logger });
    // Routes that make PostgreSQL refuse a value the way a gap in validation would, on either engine.
    app.get("/api/test/out-of-range-date", { config: { access: "public" } }, async () =>
      database.db.execute(sql`select ${"0000-01-01T00:00:00Z"}::timestamptz`),
    );
    app.get("/api/test/nul-byte", { config: { access: "public" } }, async () =>
      database.db.execute(sql`select ${"a\u0000b"}::text`),
    );
    // A transaction PostgreSQL rolls back for losing a race, raised by the database itself.
    for (const code of ["40001", "40P01"]) {
      app.post(`/api/test/lost-race-${code}`, { config: { access: "public" } }, async () =>
        database.db.transaction((tx) =>
          tx.execute(sql.raw(`do $$ begin raise exception 'lost a race' using errcode = '${code}'; end $$`)),
        ),
      );
    }
    app.get("/api/test/crash", { config: { access: "public" } }, async () =>
      database.db.execute(sql`select * from no_such_table where secret = ${"person@example.test"}`),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers a value the database refuses (SQLSTATE class 22) with 400 validation, never 500", async () => {
    for (const url of ["/api/test/out-of-range-date", "/api/test/nul-byte"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        message: "Invalid request: a value is malformed or out of range",
        code: "validation",
      });
    }
  });

  it("answers a serialization failure or a deadlock with a retryable 503 and Retry-After, never 500", async () => {
    for (const code of ["40001", "40P01"]) {
      const res = await app.inject({ method: "POST", url: `/api/test/lost-race-${code}` });
      expect(res.statusCode, code).toBe(503);
      expect(res.headers["retry-after"], code).toBe("1");
      expect(res.json()).toEqual({ message: CONTENTION_MESSAGE, code: "unavailable" });
    }
  });

  it("runs a transaction that lost a race once more, and only once", async () => {
    const lost = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    let attempts = 0;
    const passesSecond = await retryOnceOnContention(async () => {
      attempts += 1;
      if (attempts === 1) throw new DrizzleQueryError("update users", [], lost);
      return "done";
    });
    expect([passesSecond, attempts]).toEqual(["done", 2]);
    attempts = 0;
    const alwaysLoses = retryOnceOnContention(async () => {
      attempts += 1;
      throw lost;
    });
    await expect(alwaysLoses).rejects.toBe(lost);
    expect(attempts).toBe(2);
    attempts = 0;
    const otherError = new Error("something else");
    await expect(
      retryOnceOnContention(async () => {
        attempts += 1;
        throw otherError;
      }),
    ).rejects.toBe(otherError);
    expect(attempts).toBe(1);
  });

  it("answers URLs the router refuses (a broken percent-escape, an over-long segment) with {message, code}", async () => {
    for (const url of ["/api/buyer-listings/%zz", `/api/buyer-listings/${"a".repeat(150)}`]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation",
        message: expect.stringMatching(/^Invalid URL/),
      });
    }
  });

  it("logs an unexpected database error as one line: SQL text and code, no parameter, no stack of messages", async () => {
    const from = logs.lines.length;
    const res = await app.inject({ url: "/api/test/crash" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Internal Server Error", code: "internal" });
    const [line] = logs.entries(from).filter((e) => e.msg === "request failed");
    expect(line?.err).toMatchObject({
      code: "42P01",
      sql: "select * from no_such_table where secret = $1",
      message: expect.stringContaining("no_such_table"),
    });
    expect(logs.lines.slice(from).join("")).not.toContain("person@example.test");
  });

  it("never writes an API key sent in the query string to the access log", async () => {
    const from = logs.lines.length;
    const secret = "ppc_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg";
    for (const name of ["api_key", "access_token", "key"]) {
      const res = await app.inject({ url: `/api/buyer-listings?vertical=Solar&${name}=${secret}` });
      expect(res.statusCode, name).toBe(400);
    }
    const urls = logs.entries(from).map((line) => (line.req as { url: string } | undefined)?.url);
    expect(urls).toEqual([
      "/api/buyer-listings?vertical=Solar&api_key=[redacted]",
      "/api/buyer-listings?vertical=Solar&access_token=[redacted]",
      "/api/buyer-listings?vertical=Solar&key=[redacted]",
    ]);
    expect(logs.lines.slice(from).join("")).not.toContain(secret);
  });

  it('logs "Payments are not configured" as a warning, at most once a minute, whoever calls', async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const from = logs.lines.length;
    const hit = () =>
      app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
        payload: "{}",
      });
    for (let i = 0; i < 20; i++) {
      const res = await hit();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: PAYMENT_MESSAGES.notConfigured, code: "unavailable" });
    }
    const warnings = () => logs.entries(from).filter((e) => e.msg === PAYMENT_MESSAGES.notConfigured);
    expect(warnings()).toEqual([expect.objectContaining({ level: 40, suppressed: 0 })]);
    expect(logs.entries(from).filter((e) => Number(e.level) >= 50)).toEqual([]);

    vi.setSystemTime(new Date("2030-01-01T00:01:01Z"));
    await hit();
    expect(warnings()).toHaveLength(2);
    expect(warnings()[1]).toMatchObject({ level: 40, suppressed: 19 });
  });
});

describe("classifying database errors", () => {
  const wrapped = (cause: unknown) =>
    new DrizzleQueryError('select * from "sessions" where "sid" = $1', ["secret-session-id"], cause as Error);
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it("calls the database unavailable for connection failures, shutdowns and pool timeouts", () => {
    const unavailable = [
      withCode("connection failure", "08006"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is shutting down", "57P03"),
      withCode("sorry, too many clients already", "53300"),
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      Object.assign(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]), {
        code: "ECONNREFUSED",
      }),
      new AggregateError([withCode("connect ETIMEDOUT 10.0.0.5:5432", "ETIMEDOUT")]),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("PGlite is closed"),
    ];
    for (const error of unavailable) {
      expect(classifyDatabaseError(wrapped(error))?.kind, String(error)).toBe("unavailable");
    }
    expect(classifyDatabaseError(wrapped(new Error("Connection terminated unexpectedly")))).toEqual({
      kind: "unavailable",
      code: "CONNECTION_TERMINATED",
      sql: 'select * from "sessions" where "sid" = $1',
    });
  });

  it("calls a serialization failure and a deadlock contention", () => {
    for (const code of ["40001", "40P01"]) {
      expect(classifyDatabaseError(wrapped(withCode("could not serialize access", code)))).toEqual({
        kind: "contention",
        code,
        sql: 'select * from "sessions" where "sid" = $1',
      });
    }
  });

  it("calls class 22 bad data, and leaves everything else alone", () => {
    expect(classifyDatabaseError(wrapped(withCode("invalid byte sequence", "22021")))?.kind).toBe(
      "invalid_data",
    );
    expect(
      classifyDatabaseError(wrapped(withCode("date/time field value out of range", "22008")))?.kind,
    ).toBe("invalid_data");
    for (const error of [
      withCode("duplicate key", "23505"),
      withCode("syntax error", "42601"),
      new Error("something else"),
      "a string",
      null,
    ]) {
      expect(classifyDatabaseError(error)).toBeNull();
    }
  });
});

describe("what a log line may carry", () => {
  it("drops Drizzle's parameters, PostgreSQL's quoted values and addresses from an error", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "bob@example.test"'), {
      code: "22P02",
      detail: "Key (email)=(bob@example.test) already exists.",
    });
    const error = new DrizzleQueryError("select 1 where id = $1", ["bob@example.test", "sid-123"], cause);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain("bob@example.test");
    expect(logged).not.toContain("sid-123");
    expect(serializeError(error)).toMatchObject({
      code: "22P02",
      sql: "select 1 where id = $1",
      message: 'invalid input syntax for type uuid: "[redacted]"',
    });
    expect(serializeError(error).stack).toMatch(/^ {4}at /);
  });

  it("scrubs addresses and sign-in credentials from free text", () => {
    expect(redactText("mail to Ann.Lee+x@mail.example.co failed")).toBe("mail to [email] failed");
    expect(redactText("/auth/magic?token=abc&x=1")).toBe("/auth/magic?token=[redacted]&x=1");
    expect(redactText("/api/x?keyword=a&key=ppc_1&api_key=ppc_2")).toBe(
      "/api/x?keyword=a&key=[redacted]&api_key=[redacted]",
    );
  });

  it("throttles a repeated line to one per window, counting the rest", () => {
    let now = 0;
    const throttle = new LogThrottle(10_000, () => now);
    expect(throttle.admit("db")).toEqual({ suppressed: 0 });
    expect(throttle.admit("db")).toBeNull();
    expect(throttle.admit("other")).toEqual({ suppressed: 0 });
    now = 9_999;
    expect(throttle.admit("db")).toBeNull();
    now = 10_000;
    expect(throttle.admit("db")).toEqual({ suppressed: 2 });
  });
});
