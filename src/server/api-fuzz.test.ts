import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import fc from "fast-check";
import type { FastifySchema, HTTPMethods, InjectOptions, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ERROR_CODES } from "../shared/errors";
import { isPlainText } from "../shared/schemas/common";
import { buildApp } from "./app";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { sessions } from "./db/schema";
import {
  SIMULATOR_PRICE_ID,
  SIMULATOR_SECRET_KEY,
  type StripeSimulator,
  startStripeSimulator,
} from "./features/payment-simulation/stripe-simulator";
import { openTestDatabase, type TestContext, testConfig } from "./test/context";
import {
  createBuyer,
  createListing,
  createPublisher,
  createUser,
  grantPremium,
  signIn,
} from "./test/factories";

// The whole API under generated input: bad input is the client's 4xx, never a 500. It walks
// the app's own route table (`app.apiRoutes`, recorded by the access guard), so every route added later
// is fuzzed too, and sends generated path parameters, query strings and bodies (built from the route's
// zod schemas, mixed with arbitrary JSON, malformed JSON and other content types), as a visitor, with a
// forged cookie, and signed in as a guest, a publisher, a buyer, a Premium publisher and an admin.
// Every answer must be below 500, and every error a {message, code} body. Seeded and bounded by counts
// only: the same requests on every run, a fixed number per route. No clock decides how many are sent, so a
// busy machine runs the same test more slowly instead of a smaller, different one (a time limit once ended
// a route's property before its first request). It prints how many requests it sent and how long it took.
//
// Nothing is skipped: the Stripe webhook is fuzzed too, but only unsigned (a valid signature needs the
// secret, so its deeper paths are covered by subscriptions.routes.test.ts instead).

const SEED = 20261113;

/**
 * Each route's own seed, from its method and path: a route added to the table leaves every other
 * route's requests as they were (a seed by position shifted them all, and with them which requests
 * got through to the payment routes).
 */
function seedOffset(key: string): number {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash;
}
/** Requests for the whole table; each route gets an equal share, at least MIN_PER_ROUTE. */
const REQUEST_BUDGET = 2000;
const MIN_PER_ROUTE = 12;
const ENGINE = process.env.TEST_DB_ENGINE;
const APP_ORIGIN = "http://localhost:5000";
const WEBHOOK_SECRET = "whsec_fuzz_0123456789abcdef";
const SMS_PRICE_ID = "price_sms_monthly";

type Role = "visitor" | "forged" | "guest" | "publisher" | "buyer" | "premium" | "admin";
const ROLES: Role[] = ["visitor", "forged", "guest", "publisher", "buyer", "premium", "admin"];

interface World {
  app: TestContext["app"];
  database: Database;
  config: AppConfig;
  simulator: StripeSimulator;
  cookies: Record<Role, string | undefined>;
  /** The fuzz users' session rows, put back whenever a request (logout, say) deleted them. */
  sessionRows: (typeof sessions.$inferSelect)[];
  /** Ids that exist, so generated parameters reach past "not found" into the services. */
  ids: string[];
}

// ---- values --------------------------------------------------------------------------------------------

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "line\nbreak",
  "tab\there",
  "'; drop table users; --",
  "%",
  "_",
  "\\",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "💥 ünïcödé",
  "\ud800",
  "a\udc00b",
  "x\udbff",
  "💥\ud83d",
  "x".repeat(3000),
  "null",
  "undefined",
  "[]",
  "{}",
  "-1",
  "0",
  "1e309",
  "NaN",
  "9".repeat(40),
  "0000-01-01T00:00:00.000000Z",
  "9999-12-31T23:59:59.999999Z",
  "2024-02-30T00:00:00Z",
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "a@b",
  "user@example.test",
  "/api/logout",
  "//evil.example",
  "https://evil.example",
];

const timestampish = fc.oneof(
  fc.constantFrom(
    "0000-01-01T00:00:00.000000Z",
    "0000-01-01T00:00:00.000Z",
    "1969-12-31T23:59:59.999999Z",
    "9999-12-31T23:59:59.999999Z",
    "2024-01-01T00:00:00.000000Z",
    "2024-02-30T00:00:00.000Z",
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.string(),
);

/** Forged pagination cursors: the shape the directory encodes, with every field pushed out of range. */
const forgedCursor = fc
  .record(
    {
      s: fc.oneof(fc.constantFrom("boosted", "newest", "payout"), fc.string()),
      t: timestampish,
      g: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.double(), fc.string()),
      k: fc.oneof(timestampish, fc.constantFrom("50.00", "99999999.99", "-1.00", "1e9"), fc.string()),
      i: fc.oneof(fc.uuid(), fc.string()),
    },
    { requiredKeys: [] },
  )
  .map((cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url"));

function stringArbitrary(world: World, format?: string): fc.Arbitrary<string> {
  const base = [
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
    { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 20 }), weight: 1 },
    { arbitrary: forgedCursor, weight: 1 },
  ];
  if (format === "uuid" || format === "guid") {
    base.push({ arbitrary: fc.constantFrom(...world.ids), weight: 8 }, { arbitrary: fc.uuid(), weight: 2 });
  } else if (format === "email") {
    base.push(
      { arbitrary: fc.emailAddress(), weight: 6 },
      { arbitrary: fc.constant("admin@demo.test"), weight: 1 },
    );
  } else if (format === "datetime" || format === "date") {
    base.push({ arbitrary: timestampish, weight: 6 });
  } else {
    base.push(
      { arbitrary: fc.constantFrom(...world.ids), weight: 1 },
      { arbitrary: fc.lorem({ maxCount: 3 }), weight: 3 },
    );
  }
  return fc.oneof(...base);
}

const anyJson = fc.jsonValue({ maxDepth: 3 });

interface ZodDef {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: unknown): ZodDef | undefined =>
  (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;

/**
 * Values shaped like what the schema accepts (enum members, formats, the object's own keys) and often
 * not (any JSON in any place), so requests get past the first check into the handlers and services.
 */
function valueFor(world: World, schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 6) return anyJson;
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case "object": {
        const shape = def.shape ?? {};
        const fields = Object.fromEntries(
          Object.entries(shape).map(([key, value]) => [key, valueFor(world, value, depth + 1)]),
        );
        return fc
          .tuple(
            fc.record(fields, { requiredKeys: [] }),
            fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 2 }),
          )
          .map(([known, extra]) => ({ ...extra, ...known }));
      }
      case "string":
        return stringArbitrary(world, def.format);
      case "number":
      case "int":
      case "bigint":
        return fc.oneof(
          fc.integer({ min: -5, max: 200 }),
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.constantFrom(0, -1, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER),
        );
      case "boolean":
        return fc.boolean();
      case "enum":
        return fc.constantFrom(...Object.values(def.entries ?? { x: "x" }));
      case "literal":
        return fc.constantFrom(...(def.values ?? [null]));
      case "array":
        return fc.array(valueFor(world, def.element, depth + 1), { maxLength: 4 });
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "catch":
      case "readonly":
      case "nonoptional":
        return fc.oneof(valueFor(world, def.innerType, depth + 1), fc.constantFrom(undefined, null));
      case "pipe": {
        // z.preprocess is a pipe from a transform: its output schema says what is wanted.
        const input = defOf(def.in)?.type === "transform" ? def.out : def.in;
        return valueFor(world, input, depth + 1);
      }
      case "union":
        return fc.oneof(...(def.options ?? []).map((option) => valueFor(world, option, depth + 1)));
      case "intersection":
        return fc.oneof(valueFor(world, def.left, depth + 1), valueFor(world, def.right, depth + 1));
      case "record":
        return fc.dictionary(fc.string({ maxLength: 8 }), valueFor(world, def.valueType, depth + 1), {
          maxKeys: 3,
        });
      case "lazy":
        return def.getter ? valueFor(world, def.getter(), depth + 1) : anyJson;
      default:
        return anyJson;
    }
  })();
  return fc.oneof({ arbitrary: shaped, weight: 5 }, { arbitrary: anyJson, weight: 1 });
}

/** Query string values are text: scalars as written, anything else as JSON; arrays repeat the key. */
function asQueryValue(value: unknown): string | string[] | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A path segment, percent-encoded; lone surrogates (which have no UTF-8) become U+FFFD first. */
function encodePathSegment(value: string): string {
  return encodeURIComponent(value.replace(/\p{Cs}/gu, "\ufffd"));
}

// ---- requests --------------------------------------------------------------------------------------------

interface FuzzRequest {
  role: Role;
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const MALFORMED_JSON = [
  "{",
  '{"a":',
  "[1,2",
  "nul",
  '{"a":1}}',
  "\u0000",
  '{"__proto__":{"x":1}}',
  '"\\ud800"',
];

function bodyFor(world: World, schema: unknown): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v) => ({ payload: JSON.stringify(v) ?? "null", contentType: "application/json" }));
  return fc.oneof(
    { arbitrary: json(schema ? valueFor(world, schema) : anyJson), weight: 6 },
    { arbitrary: json(anyJson), weight: 2 },
    {
      arbitrary: fc
        .oneof(fc.constantFrom(...MALFORMED_JSON), fc.string())
        .map((payload) => ({ payload, contentType: "application/json" })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/xml",
            "application/json; charset=latin1",
          ),
          fc.string({ maxLength: 60 }),
        )
        .map(([contentType, payload]) => ({ payload, contentType })),
      weight: 1,
    },
    { arbitrary: fc.constant({}), weight: 1 },
  );
}

function requestFor(world: World, route: RouteOptions, method: HTTPMethods): fc.Arbitrary<FuzzRequest> {
  const schema = (route.schema ?? {}) as FastifySchema & Record<string, unknown>;
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramShape = defOf(schema.params)?.shape ?? {};
  const params = fc.tuple(
    ...paramNames.map((name) =>
      fc.oneof(
        {
          arbitrary: fc
            .oneof(
              { arbitrary: stringArbitrary(world, "uuid"), weight: 3 },
              { arbitrary: valueFor(world, paramShape[name]).map((v) => asQueryValue(v)), weight: 2 },
            )
            .map((v) => encodePathSegment(Array.isArray(v) ? (v[0] ?? "") : (v ?? ""))),
          weight: 9,
        },
        // Sent as they are: broken percent-escapes and encoded separators.
        { arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "a%2Fb", "%2e%2e", "%C0%AF"), weight: 1 },
      ),
    ),
  );
  const queryShape = defOf(
    defOf(schema.querystring)?.type === "pipe" ? defOf(schema.querystring)?.in : schema.querystring,
  )?.shape;
  const query = fc.oneof(
    { arbitrary: valueFor(world, schema.querystring), weight: 4 },
    {
      arbitrary: fc.dictionary(
        fc.oneof(fc.constantFrom(...Object.keys(queryShape ?? { q: 1 })), fc.string({ maxLength: 6 })),
        fc.oneof(stringArbitrary(world), fc.array(stringArbitrary(world), { maxLength: 3 })),
        { maxKeys: 4 },
      ),
      weight: 1,
    },
  );
  const hasBody = ["POST", "PUT", "PATCH", "DELETE"].includes(method);
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = hasBody
    ? bodyFor(world, schema.body)
    : fc.constant({});
  const headers = fc.record(
    {
      "sec-fetch-site": fc.constantFrom("same-origin", "cross-site", "none"),
      referer: fc.constantFrom(`${APP_ORIGIN}/`, "https://evil.example/"),
      origin: fc.constantFrom(APP_ORIGIN, "https://evil.example", "null"),
      "x-forwarded-for": fc.constantFrom("203.0.113.9", "127.0.0.1", "not an address"),
    },
    { requiredKeys: [] },
  );

  return fc
    .record({ role: fc.constantFrom(...ROLES), params, query, body, headers, sameOrigin: fc.boolean() })
    .map(({ role, params, query, body, headers, sameOrigin }) => {
      let index = 0;
      const path = route.url.replace(/:(\w+)/g, () => params[index++] ?? "");
      const search = new URLSearchParams();
      if (query && typeof query === "object" && !Array.isArray(query)) {
        for (const [key, raw] of Object.entries(query)) {
          const value = asQueryValue(raw);
          for (const v of [value ?? []].flat()) search.append(key, v);
        }
      }
      const cookie = world.cookies[role];
      return {
        role,
        method,
        url: search.size ? `${path}?${search}` : path,
        headers: {
          // Mostly our own pages, so mutations get past the Origin check into the handlers.
          ...(sameOrigin ? { origin: APP_ORIGIN } : headers),
          ...(cookie ? { cookie } : {}),
          ...(body.contentType ? { "content-type": body.contentType } : {}),
        },
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      };
    });
}

// ---- the world -----------------------------------------------------------------------------------------

async function buildWorld(): Promise<World> {
  // Both prices configured, so the checkout routes answer as in production and not a 503 "not configured".
  const simulator = await startStripeSimulator({
    prices: [
      { id: SIMULATOR_PRICE_ID, unitAmount: 49900, currency: "usd", interval: "year" },
      { id: SMS_PRICE_ID, unitAmount: 4900, currency: "usd", interval: "month" },
    ],
  });
  const database = await openTestDatabase();
  const config = testConfig({
    APP_ENV: "development",
    STRIPE_SECRET_KEY: SIMULATOR_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_simulator",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: SIMULATOR_PRICE_ID,
    STRIPE_SMS_PRICE_ID: SMS_PRICE_ID,
    STRIPE_API_URL: simulator.url,
    ADMIN_EMAILS: "fuzz-admin@example.test",
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const ctx = { app, database, config };
  const db = database.db;

  // Other people's data for the signed-in users to poke at: the ids go into generated parameters.
  const otherBuyer = await createBuyer(db);
  const otherListings = [
    await createListing(db, otherBuyer.profile.id),
    await createListing(db, otherBuyer.profile.id, { status: "paused" }),
  ];
  const otherPublisher = await createPublisher(db);

  await createUser(db, { email: "fuzz-guest@example.test" });
  const publisher = await createPublisher(db);
  const buyer = await createBuyer(db);
  const ownListings = [await createListing(db, buyer.profile.id), await createListing(db, buyer.profile.id)];
  const premium = await createPublisher(db);
  await grantPremium(db, premium.user.id);
  await createUser(db, { email: "fuzz-admin@example.test", role: "admin" });

  const cookies: Record<Role, string | undefined> = {
    visitor: undefined,
    forged: "ppc.sid=s%3Aforged-session-id.c2lnbmF0dXJl",
    guest: await signIn(ctx, "fuzz-guest@example.test"),
    publisher: await signIn(ctx, publisher.user.email),
    buyer: await signIn(ctx, buyer.user.email),
    premium: await signIn(ctx, premium.user.email),
    admin: await signIn(ctx, "fuzz-admin@example.test"),
  };
  const sessionRows = await db.select().from(sessions);
  return {
    app,
    database,
    config,
    simulator,
    cookies,
    sessionRows,
    ids: [
      ...otherListings.map((l) => l.id),
      ...ownListings.map((l) => l.id),
      otherBuyer.profile.id,
      otherPublisher.profile.id,
      otherPublisher.user.id,
      randomUUID(),
    ],
  };
}

/** Puts back any fuzz session a request deleted (a logout), so every role stays signed in. */
async function restoreSessions(world: World): Promise<void> {
  const sids = world.sessionRows.map((row) => row.sid);
  const present = await world.database.db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(inArray(sessions.sid, sids));
  if (present.length === sids.length) return;
  await world.database.db.insert(sessions).values(world.sessionRows).onConflictDoNothing();
}

function describeRoute(route: RouteOptions): string {
  return `${[route.method].flat().join(",")} ${route.url}`;
}

// ---- the tests ---------------------------------------------------------------------------------------

describe(`API fuzz (${ENGINE})`, () => {
  let world: World;

  beforeAll(async () => {
    world = await buildWorld();
  });

  afterAll(async () => {
    await world?.app.close();
    await world?.database.close();
    await world?.simulator.close();
  });

  it("answers generated requests on every route of the table, for every role, below 500 with {message, code} errors", async () => {
    const routes = world.app.apiRoutes.flatMap((route) =>
      [route.method].flat().map((method) => ({ route, method: method as HTTPMethods })),
    );
    expect(routes.length).toBeGreaterThan(10);
    const perRoute = Math.max(MIN_PER_ROUTE, Math.floor(REQUEST_BUDGET / routes.length));
    const started = Date.now();
    let sent = 0;
    const sentTo = new Map<string, number>();
    const statuses = new Map<number, number>();

    for (const { route, method } of routes) {
      const key = `${method} ${route.url}`;
      await fc.assert(
        fc.asyncProperty(requestFor(world, route, method), async (request) => {
          await restoreSessions(world);
          const res = await world.app.inject({
            method: request.method as InjectOptions["method"],
            url: request.url,
            headers: request.headers,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          sent += 1;
          sentTo.set(key, (sentTo.get(key) ?? 0) + 1);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${request.role} ${request.method} ${request.url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400 && request.method !== "HEAD") {
            const body = res.json() as { message?: unknown; code?: unknown };
            expect(typeof body.message, where).toBe("string");
            expect(Object.keys(ERROR_CODES), where).toContain(body.code);
            expect(ERROR_CODES[body.code as keyof typeof ERROR_CODES], where).toBe(res.statusCode);
          }
        }),
        {
          seed: SEED + seedOffset(key),
          numRuns: perRoute,
          endOnFailure: true,
        },
      );
    }

    const seconds = (Date.now() - started) / 1000;
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
    console.info(
      `[fuzz ${ENGINE}] ${sent} requests over ${routes.length} routes (${perRoute} each) in ${seconds.toFixed(1)} s; statuses ${summary.join(" ")}`,
    );
    // Every route of the table got its whole share, however slow the machine: the same requests each run.
    for (const { route, method } of routes) {
      expect(sentTo.get(`${method} ${route.url}`), `${method} ${route.url}`).toBe(perRoute);
    }
    // The Stripe simulator did answer: payment routes were reached, not just refused at the door.
    expect(world.simulator.requests.length).toBeGreaterThan(0);
    // Only a guard against a hang, far above any run seen: a busy machine took 89 s where an idle one
    // takes 7 s, and the test must then be slow, not fail.
  }, 600_000);

  it("answers below 500 to a lone surrogate in any one field of any route's query or body, as a buyer, a Premium publisher and an admin", async () => {
    // Deterministic, beside the random walk above: each field of each route gets the broken text once
    // per role, so no field is left to chance (a saved search's text once answered 500 with it).
    const BROKEN = ["a\ud800b"];
    const unwrap = (schema: unknown): ZodDef | undefined => {
      let def = defOf(schema);
      for (
        let i = 0;
        def && i < 6 && ["optional", "nullable", "default", "prefault", "pipe"].includes(def.type);
        i++
      ) {
        def = defOf(
          def.type === "pipe" ? (defOf(def.in)?.type === "transform" ? def.out : def.in) : def.innerType,
        );
      }
      return def;
    };
    let sent = 0;
    for (const route of world.app.apiRoutes) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const path = route.url.replace(/:(\w+)/g, () => world.ids[0]!);
      for (const method of [route.method].flat() as HTTPMethods[]) {
        const hasBody = ["POST", "PUT", "PATCH"].includes(method);
        const fields = [
          ...Object.keys(unwrap(schema.querystring)?.shape ?? {}).map((key) => ({
            key,
            in: "query" as const,
          })),
          ...(hasBody
            ? Object.keys(unwrap(schema.body)?.shape ?? {}).map((key) => ({ key, in: "body" as const }))
            : []),
        ];
        for (const field of fields) {
          for (const role of ["buyer", "premium", "admin"] as const) {
            for (const broken of BROKEN) {
              await restoreSessions(world);
              const res = await world.app.inject({
                method: method as InjectOptions["method"],
                url: field.in === "query" ? `${path}?${field.key}=${encodePathSegment(broken)}` : path,
                headers: {
                  origin: APP_ORIGIN,
                  cookie: world.cookies[role]!,
                  "content-type": "application/json",
                },
                ...(hasBody
                  ? { payload: JSON.stringify(field.in === "body" ? { [field.key]: broken } : {}) }
                  : {}),
              });
              sent += 1;
              expect(
                res.statusCode,
                `${role} ${method} ${route.url} ${field.in}.${field.key}: ${res.body.slice(0, 200)}`,
              ).toBeLessThan(500);
            }
          }
        }
      }
    }
    console.info(`[fuzz ${ENGINE}] a lone surrogate in each field: ${sent} requests`);
    expect(sent).toBeGreaterThan(100);
  }, 120_000);

  it("takes a POST with no body at all (curl -X POST) on every route whose body fields are all optional", async () => {
    // Over a real socket: light-my-request has no "no body at all", Node's HTTP server does (body null).
    const optional = world.app.apiRoutes.flatMap((route) => {
      const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
      const methods = ([route.method].flat() as string[]).filter((m) => ["POST", "PUT", "PATCH"].includes(m));
      return body && methods.length > 0 && body.safeParse({}).success
        ? methods.map((method) => ({ route, method }))
        : [];
    });
    expect(optional.map(({ route, method }) => `${method} ${route.url}`)).toContain(
      "POST /api/publisher-profile/verify-domain",
    );
    const base = await world.app.listen({ port: 0, host: "127.0.0.1" });
    try {
      for (const { route, method } of optional) {
        const path = route.url.replace(/:(\w+)/g, () => world.ids[0]!);
        for (const role of ["publisher", "buyer", "admin"] as const) {
          for (const contentType of [undefined, "application/json"]) {
            await restoreSessions(world);
            const res = await fetch(`${base}${path}`, {
              method,
              headers: {
                origin: APP_ORIGIN,
                cookie: world.cookies[role]!,
                ...(contentType ? { "content-type": contentType } : {}),
              },
            });
            const text = await res.text();
            const where = `${role} ${method} ${route.url} (${contentType ?? "no content type"}) -> ${res.status} ${text.slice(0, 200)}`;
            // Whatever the route then decides, the missing body itself is not the complaint.
            expect(text, where).not.toMatch(/"path":"body\.?"|Body cannot be empty/);
            expect(res.status, where).toBeLessThan(500);
          }
        }
      }
    } finally {
      await world.app.server.close();
    }
  });

  it("refuses control characters in every string a route accepts (plainText, or a format that excludes them)", () => {
    const offenders: string[] = [];
    const check = (schema: unknown, path: string, depth = 0): void => {
      const def = defOf(schema);
      if (!def || depth > 8) return;
      if (def.type === "string" && !def.format) {
        // plainText() is z.string().refine(isPlainText): the one refinement every input string carries.
        const checks = (def as { checks?: { _zod: { def: { fn?: unknown } } }[] }).checks ?? [];
        if (!checks.some((c) => c._zod.def.fn === isPlainText)) offenders.push(path);
        return;
      }
      for (const key of ["innerType", "in", "out", "element", "valueType", "left", "right"] as const) {
        if (def[key]) check(def[key], path, depth + 1);
      }
      for (const [key, value] of Object.entries(def.shape ?? {})) check(value, `${path}.${key}`, depth + 1);
      for (const option of def.options ?? []) check(option, path, depth + 1);
    };
    for (const route of world.app.apiRoutes) {
      for (const part of ["params", "querystring", "body", "headers"] as const) {
        check(
          (route.schema as Record<string, unknown> | undefined)?.[part],
          `${describeRoute(route)} ${part}`,
        );
      }
    }
    expect(offenders).toEqual([]);
  });
});
