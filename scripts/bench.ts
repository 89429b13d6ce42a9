// npm run bench: the directory under load (budgets and results in docs/performance.md).
//
// For each engine (PostgreSQL, then embedded PGlite) a child process creates an empty database, migrates
// it and loads BENCH_ROWS realistic listings with COPY. On PostgreSQL the compiled production server
// (scripts/bench-server.ts) then serves that database; on PGlite, which lives in one process, the child
// serves the app itself (buildApp) on a loopback port. This process drives the server with autocannon,
// so the load generator never shares the server's event loop. Every database the bench creates is
// dropped at the end. On PostgreSQL a second child, the floor (scripts/bench-floor.ts), runs the app's own
// browse and detail SQL without a framework; the report gives each scenario's rate over the floor's and
// over the plain page's, and the speed goals as ratios.
//
//   BENCH_DATABASE_URL  server to create the bench database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_ROWS          listings to load (default 100000)
//   BENCH_SECONDS       seconds per scenario and connection count (default 5)
//   BENCH_ENGINES       comma list of postgres,pglite (default both)
//   BENCH_IMPORT_ROWS   rows of the CSV import scenario, run last (default 100000; 0 skips it)
//   BENCH_CONNECTIONS   comma list of connection counts (default 10,50)
//   BENCH_SCENARIOS     comma list of words; only scenarios whose name contains one of them run
//                       ("sitemaps" names the sitemaps' check, scripts/bench-sitemap.ts)
//   BENCH_IN_PROCESS    1: on PostgreSQL too, load the app in the child (from source) instead of the
//                       compiled server (BENCH_PROFILE implies it)
//   BENCH_KEEP_DATABASE a database name (PostgreSQL): load into it and keep it afterwards, for EXPLAIN;
//                       when it already holds the listings, the load is skipped
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import inspector from "node:inspector";
import { createRequire } from "node:module";
import os from "node:os";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { desc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, openDatabase, queryRows } from "../src/server/db/client";
import { buyerProfiles, mailOutbox, rateLimits, users } from "../src/server/db/schema";
import { setComplimentaryPremium } from "../src/server/features/subscriptions/complimentary";
import { migrateDatabase } from "../src/server/jobs/migrate-database";
import {
  GEOGRAPHIES,
  PAYMENT_TERMS,
  REQUIREMENT_TAG_IDS,
  US_NATIONAL,
  VERTICALS,
  type Vertical,
} from "../src/shared/constants";
import { benchImport, IMPORT_ROWS, type ImportBenchResult, importTable, rssMb } from "./bench-import";
import { type CompiledServer, startCompiledServer } from "./bench-server";
import { benchSitemap, sitemapReport } from "./bench-sitemap";

type Engine = "postgres" | "pglite";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ENGINES = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((e) => e.trim()) as Engine[];
const KEEP_DB = process.env.BENCH_KEEP_DATABASE;
const SERVER_WARM_UP_SECONDS = 5;
const BENCH_DB = KEEP_DB ?? `ppc_bench_${process.pid}`;
const BUYERS = 500;
/** The key scenario sends far more than a client may: the limit would answer 429s, fast ones. */
const BENCH_API_RATE_LIMIT = "1000000000";
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "10,50").split(",").map(Number);
const SCENARIO_WORDS = process.env.BENCH_SCENARIOS?.split(",").map((w) => w.trim().toLowerCase());
// The app's session secret; the floor needs it too, to hash a visitor into the same viewer key.
const SESSION_SECRET = "bench-session-secret-0123456789abcdef-0123456789";

// ---- realistic data --------------------------------------------------------------------------------

/** A small deterministic PRNG, so two runs load the same directory. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const TOPICS: Record<Vertical, string[]> = {
  Insurance: ["Final Expense", "Medicare Advantage", "Auto Insurance", "Health Insurance", "Life Insurance"],
  Solar: ["Residential Solar", "Solar Battery Storage", "Commercial Solar"],
  Legal: ["Personal Injury", "Mass Tort Intake", "Workers Compensation", "Bankruptcy", "DUI Defense"],
  "Home Services": [
    "HVAC Repair",
    "Roofing Estimates",
    "Plumbing Emergencies",
    "Pest Control",
    "Water Damage",
  ],
  Medical: ["Dental Implants", "Hearing Aids", "Addiction Treatment", "Medical Alert Devices"],
  Finance: ["Debt Settlement", "Tax Relief", "Mortgage Refinance", "Personal Loans", "Credit Repair"],
  "Real Estate": ["Home Sellers", "Cash Home Buyers", "Property Management"],
  Automotive: ["Auto Warranty", "Car Shipping", "Auto Loans"],
  Travel: ["Cruise Vacations", "Timeshare Exit", "Travel Insurance"],
  Education: ["Online Degree Enrollment", "Trade School Admissions", "Nursing Programs"],
  Technology: ["Business VoIP", "Home Security Systems", "Internet Service"],
  Healthcare: ["ACA Enrollment", "Senior Living Placement", "Home Care"],
};
const KINDS = ["Inbound Calls", "Qualified Leads", "Live Transfers", "Warm Transfers", "Pay Per Call"];
const PHRASES = [
  "TCPA consent required on every lead",
  "no incentivized or co-registration traffic",
  "real-time transfer through our IVR",
  "duplicates filtered for 30 days",
  "licensed agents answer within three rings",
  "weekend hours available",
  "bilingual Spanish callers welcome",
  "search and social traffic preferred",
  "caller must be the decision maker",
  "recordings shared within 24 hours",
];

/** A listing row in COPY text format (tab separated, \N for null). */
function listingLine(buyerIds: string[], now: number): { id: string; line: string } {
  const vertical = pick(VERTICALS);
  const topic = pick(TOPICS[vertical]);
  const state = random() < 0.3 ? pick(GEOGRAPHIES.slice(1)) : null;
  const title = `${state ? `${state} ` : ""}${topic} ${pick(KINDS)}`;
  const description = `Buying ${topic.toLowerCase()} ${pick(KINDS).toLowerCase()}: ${pick(PHRASES)}; ${pick(PHRASES)}; ${pick(PHRASES)}.`;
  // Payouts cluster around $30-$90 with a long tail, like real pay-per-call offers.
  const payout = Math.min(400, 10 + Math.round(-Math.log(1 - random()) * 45 * 100) / 100).toFixed(2);
  const geos = state
    ? [state]
    : random() < 0.5
      ? [US_NATIONAL]
      : [...new Set([pick(GEOGRAPHIES.slice(1)), pick(GEOGRAPHIES.slice(1))])];
  const createdAt = new Date(now - random() * 730 * 24 * 3600 * 1000);
  const boosted = random() < 0.02 ? new Date(now + random() * 14 * 24 * 3600 * 1000).toISOString() : "\\N";
  const status = random() < 0.05 ? "paused" : "active";
  // Requirement tags: 40 % carry none, the rest one to three (so "trustedform" is on about a fifth).
  const tags =
    random() < 0.4
      ? []
      : [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(REQUIREMENT_TAG_IDS)))];
  const id = randomUUID();
  const fields = [
    id,
    pick(buyerIds),
    title,
    description,
    vertical,
    payout,
    pick(PAYMENT_TERMS),
    String(pick([60, 90, 120, 180, 300])),
    `{${geos.map((g) => `"${g}"`).join(",")}}`,
    String(pick([5, 10, 20, 50, 100])),
    status,
    boosted,
    createdAt.toISOString(),
    createdAt.toISOString(),
    `{${tags.join(",")}}`,
  ];
  return { id, line: `${fields.join("\t")}\n` };
}

const COPY_LISTINGS = `copy buyer_listings (id, buyer_id, title, description, vertical, payout, payment_terms,
  duration_requirement, geos, min_volume, status, boosted_until, created_at, updated_at, tags) from stdin`;

async function createAdmin(app: Awaited<ReturnType<typeof buildApp>>, database: Database): Promise<string> {
  const email = "bench-admin@bench.example";
  await database.db.insert(users).values({ email, role: "admin" }).onConflictDoNothing();
  return signIn(app, database, email);
}

/** A publisher with Premium (a complimentary grant, as `npm run user:premium` gives): sees every contact. */
async function createPremiumUser(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Database,
): Promise<string> {
  const email = "bench-premium@bench.example";
  await database.db.insert(users).values({ email, role: "publisher" }).onConflictDoNothing();
  await setComplimentaryPremium({ db: database.db, email, enabled: true });
  return signIn(app, database, email);
}

/** An API key of the signed-in user, made as the Account page makes one. */
async function createApiKey(app: Awaited<ReturnType<typeof buildApp>>, cookie: string): Promise<string> {
  // A kept database holds the key of the run before (a name is unique per user): revoke it first.
  const listed = await app.inject({ method: "GET", url: "/api/api-keys", headers: { cookie } });
  for (const key of (listed.json() as { id: string; name: string }[]).filter((k) => k.name === "bench")) {
    await app.inject({ method: "DELETE", url: `/api/api-keys/${key.id}`, headers: { cookie } });
  }
  const res = await app.inject({
    method: "POST",
    url: "/api/api-keys",
    headers: { cookie },
    payload: { name: "bench", scopes: ["listings:read"] },
  });
  if (res.statusCode !== 201) throw new Error(`the bench's API key was refused (${res.statusCode})`);
  return (res.json() as { key: string }).key;
}

async function createBuyers(database: Database): Promise<string[]> {
  const userRows = Array.from({ length: BUYERS }, (_, i) => ({
    email: `bench-buyer-${i}@bench.example`,
    role: "buyer" as const,
  }));
  const inserted = await database.db.insert(users).values(userRows).returning({ id: users.id });
  const profiles = await database.db
    .insert(buyerProfiles)
    .values(
      inserted.map((u, i) => ({
        userId: u.id,
        company: `Bench Buyer ${i} LLC`,
        website: `https://bench-${i}.example`,
        contactEmail: `partners@bench-${i}.example`,
        contactPhone: `(555) 01${String(i).padStart(2, "0").slice(-2)}-${String(1000 + i).slice(-4)}`,
        applicationUrl: `https://bench-${i}.example/apply`,
        dailyCap: pick([50, 100, 200, 500]),
        // Stored trust figures, as the reliability refresh leaves them: a fifth of buyers without a score.
        reliabilityScore: random() < 0.8 ? 40 + Math.floor(random() * 61) : null,
        reviewCount: Math.floor(random() * 60),
        // The load's data only: in the product, an administrator's approval is what sets the badge.
        ...(random() < 0.5
          ? {
              verifiedSince: new Date(Date.now() - 30 * 86_400_000),
              verifiedUntil: new Date(Date.now() + 365 * 86_400_000),
            }
          : {}),
      })),
    )
    .returning({ id: buyerProfiles.id });
  return profiles.map((p) => p.id);
}

async function loadListings(database: Database, buyerIds: string[]): Promise<string[]> {
  const now = Date.now();
  const ids: string[] = [];
  const lines: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const { id, line } = listingLine(buyerIds, now);
    lines.push(line);
    if (i % 97 === 0 && line.includes("\tactive\t")) ids.push(id);
  }
  // Fresh statistics and visibility map afterwards, as a long-running database would have.
  const vacuum = "vacuum analyze buyer_listings; vacuum analyze buyer_profiles";
  if (database.engine === "postgres") {
    const client = await database.pool!.connect();
    try {
      // The app's pool caps statements at 10 s; a bulk load is not an app request.
      await client.query("set statement_timeout = 0");
      await pipeline(Readable.from(lines), client.query(copyFrom(COPY_LISTINGS)));
      for (const statement of vacuum.split("; ")) await client.query(statement);
      await client.query("reset statement_timeout");
    } finally {
      client.release();
    }
  } else {
    await database.pglite!.query(COPY_LISTINGS.replace("stdin", "'/dev/blob'"), [], {
      blob: new Blob(lines),
    });
    // VACUUM refuses to run inside the implicit transaction of a multi-statement exec.
    for (const statement of vacuum.split(";")) await database.pglite!.exec(statement);
  }
  return ids;
}

/** BENCH_KEEP_DATABASE: the directory an earlier run loaded into the kept database, if there is one. */
async function keptDirectory(
  database: Database,
): Promise<{ buyerIds: string[]; listingIds: string[] } | null> {
  const buyers = await queryRows<{ id: string }>(database.db, sql`select id from buyer_profiles`);
  if (buyers.length === 0) return null;
  const listings = await queryRows<{ id: string }>(
    database.db,
    sql`select id from buyer_listings where status = 'active' order by id limit ${Math.ceil(ROWS / 97)}`,
  );
  return { buyerIds: buyers.map((b) => b.id), listingIds: listings.map((l) => l.id) };
}

// ---- child: one engine, loaded and serving ---------------------------------------------------------

interface ReadyMessage {
  type: "ready";
  port: number;
  loadSeconds: number;
  rows: number;
  activeRows: number;
  listingIds: string[];
  /** The Cookie header of a signed-in Premium user (the "signed in Premium" scenario). */
  premiumCookie: string;
  /** The same user's API key with listings:read (the "with an API key" scenario). */
  premiumApiKey: string;
  /** For the import scenario: an admin's session, the buyer the rows go to, the database (PostgreSQL). */
  adminCookie: string;
  importBuyerId: string;
  databaseUrl: string | null;
}

/** A user signed in through the real magic-link flow: the Cookie header of their session. */
async function signIn(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Database,
  email: string,
): Promise<string> {
  // A kept database (BENCH_KEEP_DATABASE) also keeps earlier runs' magic-link rate limits (5 a quarter
  // hour per email): the bench's sign-ins are not what they guard against.
  await database.db.delete(rateLimits);
  await app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email } });
  // The link's mail goes through the job queue, whose workers the bench's server does not start.
  await app.jobs.workUntilIdle({ queues: ["mail-sign-in"] });
  // The newest mail: a kept database (BENCH_KEEP_DATABASE) still holds earlier runs' used links.
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/token=([\w-]+)/)?.[1];
  const verified = await app.inject({
    method: "POST",
    url: "/api/auth/magic-link/verify",
    payload: { token },
  });
  const cookie = verified.cookies.find((c) => c.name === "ppc.sid");
  if (!cookie) throw new Error(`the bench's ${email} could not sign in (${verified.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}

async function serve(engine: Engine) {
  let adminClient: pg.Client | undefined;
  let databaseUrl: string | undefined;
  if (engine === "postgres") {
    adminClient = new pg.Client({ connectionString: BASE_URL });
    await adminClient.connect();
    const { rowCount } = await adminClient.query("select 1 from pg_database where datname = $1", [BENCH_DB]);
    if (!KEEP_DB || !rowCount) {
      await adminClient.query(`drop database if exists ${BENCH_DB} with (force)`);
      await adminClient.query(`create database ${BENCH_DB}`);
    }
    const url = new URL(BASE_URL);
    url.pathname = `/${BENCH_DB}`;
    databaseUrl = url.toString();
  }
  const dropBenchDatabase = async () => {
    if (!adminClient) return;
    if (KEEP_DB) return void (await adminClient.end());
    await adminClient.query(`drop database if exists ${BENCH_DB} with (force)`);
    await adminClient.end();
  };
  const database = await openDatabase(
    engine === "postgres" ? { databaseUrl, poolMax: 20 } : { pgliteDir: "memory://" },
  );
  let listingIds: string[];
  let loadSeconds: number;
  let buyerIds: string[];
  try {
    await migrateDatabase(database);
    const started = performance.now();
    const kept = KEEP_DB ? await keptDirectory(database) : null;
    buyerIds = kept?.buyerIds ?? (await createBuyers(database));
    listingIds = kept?.listingIds ?? (await loadListings(database, buyerIds));
    // Statistics on every table, as autovacuum keeps them on a live database (the bench's server runs
    // with autovacuum off, and PGlite has none): without them `users` reads as never analyzed, the
    // planner guesses most buyers are disabled, and a directory page walks all 100,000 listings through
    // the buyer index (~100,000 buffers instead of ~135). Also for a kept database, loaded or not.
    await database.db.execute(sql`analyze`);
    loadSeconds = (performance.now() - started) / 1000;
  } catch (err) {
    await database.close();
    await dropBenchDatabase();
    throw err;
  }
  const [counts] = await queryRows<{ rows: number; active: number }>(
    database.db,
    sql`select count(*)::int as rows, count(*) filter (where status = 'active')::int as active from buyer_listings`,
  );

  const config = loadConfig({
    APP_ENV: "test",
    APP_URL: "http://127.0.0.1",
    SESSION_SECRET,
    LOG_LEVEL: "silent",
    API_RATE_LIMIT: BENCH_API_RATE_LIMIT,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const premiumCookie = await createPremiumUser(app, database);
  const ready: ReadyMessage = {
    type: "ready",
    port,
    loadSeconds,
    rows: counts!.rows,
    activeRows: counts!.active,
    listingIds,
    premiumCookie,
    premiumApiKey: await createApiKey(app, premiumCookie),
    adminCookie: await createAdmin(app, database),
    importBuyerId: buyerIds[0]!,
    databaseUrl: databaseUrl ?? null,
  };
  // BENCH_PROFILE=DIR: a CPU profile of the serving phase only (not the load), for finding hot spots.
  // V8's sampler charges system calls (writev above all) with far more than the kernel spends there;
  // `perf record -e cpu-clock` on a server run with --perf-basic-prof gives the truer split.
  const profiler = process.env.BENCH_PROFILE ? new inspector.Session() : undefined;
  if (profiler) {
    profiler.connect();
    await new Promise((resolve) =>
      profiler.post("Profiler.enable", () => profiler.post("Profiler.start", resolve)),
    );
  }
  process.send!(ready);

  process.on("message", async (message) => {
    if (message !== "stop") return;
    if (profiler) {
      await new Promise<void>((resolve) =>
        profiler.post("Profiler.stop", (_err, result) => {
          mkdirSync(process.env.BENCH_PROFILE!, { recursive: true });
          writeFileSync(
            `${process.env.BENCH_PROFILE}/serve-${engine}.cpuprofile`,
            JSON.stringify(result.profile),
          );
          resolve();
        }),
      );
    }
    await app.close();
    await database.close();
    await dropBenchDatabase();
    process.exit(0);
  });
}

// ---- parent: drive the load and report -------------------------------------------------------------

interface AutocannonResult {
  /** total: requests answered in the measurement. */
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { setupRequest?: (req: { path: string }) => { path: string } }[];
}
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

interface Scenario {
  name: string;
  budget?: { minRps?: number; maxP99?: number };
  /** One path, or a path per request (rotating), relative to the server. */
  paths: string[];
  /** Request headers (the Premium scenario's session cookie). */
  headers?: Record<string, string>;
  /** Measured against the floor server (scripts/bench-floor.ts), not the app: PostgreSQL only. */
  server?: "floor";
  /** The floor scenario this app scenario is compared with ("vs floor"). */
  floor?: string;
  /** Compared with the plain browse page at the same connections ("vs plain"). */
  vsPlain?: boolean;
}

interface Row {
  engine: Engine;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  budget: string;
  /** The app server's highest resident memory while this measurement ran (not for floor rows). */
  rssPeakMb: number | null;
  /**
   * CPU the serving process (the app, or the floor) spent per answered request while this measurement
   * ran, in microseconds: steadier than req/s on a shared machine, where the load generator and the
   * database take turns with the server for the same cores.
   */
  cpuUsPerRequest: number | null;
  floor?: string | undefined;
  vsPlain?: boolean | undefined;
}

async function nextLink(base: string, path: string): Promise<string> {
  const res = await fetch(`${base}${path}`);
  const link = res.headers.get("link");
  const match = link?.match(/<([^>]+)>; rel="next"/);
  if (!match?.[1]) throw new Error(`no next page for ${path}`);
  return match[1];
}

/**
 * The Premium scenario measures contacts shown, so it must really show them: the signed-in Premium page
 * carries every listing's contact and the signed-out page none. Anything else fails the bench.
 */
async function checkContacts(base: string, premiumCookie: string, premiumApiKey: string) {
  const page = async (headers: Record<string, string>) => {
    const res = await fetch(`${base}/api/buyer-listings?limit=20`, { headers });
    if (!res.ok) throw new Error(`the contacts check got ${res.status}`);
    return (await res.json()) as { contact: unknown }[];
  };
  const premium = await page({ cookie: premiumCookie });
  const withKey = await page({ authorization: `Bearer ${premiumApiKey}` });
  const signedOut = await page({});
  if (premium.length === 0 || premium.some((l) => l.contact === null)) {
    throw new Error("the signed-in Premium page does not show every listing's contact");
  }
  if (withKey.length === 0 || withKey.some((l) => l.contact === null)) {
    throw new Error("the Premium user's API key does not show every listing's contact");
  }
  if (signedOut.some((l) => l.contact !== null)) throw new Error("the signed-out page shows contacts");
}

// The scenarios the report's ratios and goals refer to by name.
const PLAIN = "browse, no filter";
const PREMIUM = "browse, signed in Premium";
const API_KEY = "browse, Premium API key";
const DETAIL = "listing detail";
const FLOOR_BROWSE = "floor: browse";
const FLOOR_DETAIL = "floor: detail";

async function scenariosFor(
  base: string,
  listingIds: string[],
  premiumCookie: string,
  premiumApiKey: string,
): Promise<Scenario[]> {
  const page2 = await nextLink(base, "/api/buyer-listings?limit=20");
  const page3 = await nextLink(base, page2);
  const browseBudget = { minRps: 2000, maxP99: 40 };
  // A directory page: judged against the floor's browse and against the plain page.
  const browse = { budget: browseBudget, floor: FLOOR_BROWSE, vsPlain: true };
  return [
    // Calibration: no database, no serialisation; shows what the machine and load generator allow.
    { name: "health (calibration)", paths: ["/api/health"] },
    { name: PLAIN, ...browse, vsPlain: false, paths: ["/api/buyer-listings?limit=20"] },
    {
      // The same page for a client that accepts compression (autocannon sends no Accept-Encoding of its
      // own): its "vs plain" is the cost of brotli per request (plugins/compression.ts).
      name: "browse, compressed",
      ...browse,
      paths: ["/api/buyer-listings?limit=20"],
      headers: { "accept-encoding": "br, gzip" },
    },
    // The floor right after the page it bounds, so both see the machine in about the same state.
    { name: FLOOR_BROWSE, server: "floor", paths: ["/browse"] },
    {
      // The same page with contacts: the Premium user's session is read and nothing is masked. Its
      // "vs plain" is its ratio to the signed-out page.
      name: PREMIUM,
      ...browse,
      paths: ["/api/buyer-listings?limit=20"],
      headers: { cookie: premiumCookie },
    },
    {
      // The same user and page through an API key: the key is read and its window counted per request.
      name: API_KEY,
      ...browse,
      paths: ["/api/buyer-listings?limit=20"],
      headers: { authorization: `Bearer ${premiumApiKey}` },
    },
    {
      name: "browse, vertical + payout",
      ...browse,
      paths: [
        "/api/buyer-listings?limit=20&vertical=Insurance&payoutMin=50&payoutMax=100",
        "/api/buyer-listings?limit=20&vertical=Legal&payoutMin=100",
        "/api/buyer-listings?limit=20&vertical=Home%20Services&payoutMin=25&payoutMax=50&geo=Texas",
      ],
    },
    {
      // A state matches its own listings, the US National ones and those with no geos: a
      // national buyer takes calls from every state.
      name: "browse, geo",
      ...browse,
      paths: [
        "/api/buyer-listings?limit=20&geo=Texas",
        "/api/buyer-listings?limit=20&geo=California",
        "/api/buyer-listings?limit=20&geo=Florida&vertical=Insurance",
        "/api/buyer-listings?limit=20&geo=New%20York",
      ],
    },
    {
      // Requirement tags (all must match), alone and with the other filters.
      name: "browse, requirement tags",
      ...browse,
      paths: [
        "/api/buyer-listings?limit=20&tags=trustedform",
        "/api/buyer-listings?limit=20&tags=trustedform,no-ivr",
        "/api/buyer-listings?limit=20&tags=call-recording&vertical=Insurance",
        "/api/buyer-listings?limit=20&tags=business-hours&geo=Texas&payoutMin=50",
      ],
    },
    {
      // Verified buyers only: a condition on the buyer's profile row the page joins already (half the
      // bench's buyers hold the badge), alone and with the other filters.
      name: "browse, verified buyers",
      ...browse,
      paths: [
        "/api/buyer-listings?limit=20&verified=1",
        "/api/buyer-listings?limit=20&verified=1&vertical=Insurance",
        "/api/buyer-listings?limit=20&verified=1&geo=Texas&payoutMin=50",
      ],
    },
    {
      // The buyer's reliability score (listings without one last) and review count: each order walks
      // an index of its own on the listing's copy of the buyer's figures.
      name: "browse, most reliable",
      ...browse,
      paths: [
        "/api/buyer-listings?limit=20&sort=reliability",
        "/api/buyer-listings?limit=20&sort=reliability&vertical=Insurance",
      ],
    },
    {
      name: "browse, most reviewed",
      ...browse,
      paths: [
        "/api/buyer-listings?limit=20&sort=reviews",
        "/api/buyer-listings?limit=20&sort=reviews&vertical=Insurance",
      ],
    },
    {
      name: "keyword search",
      ...browse,
      budget: { maxP99: 50 },
      paths: [
        "/api/buyer-listings?limit=20&search=final%20expense",
        "/api/buyer-listings?limit=20&search=roofing",
        "/api/buyer-listings?limit=20&search=medic",
        "/api/buyer-listings?limit=20&search=debt%20settlement&vertical=Finance",
      ],
    },
    { name: "browse, page 3 (cursor)", ...browse, paths: [page3] },
    {
      name: DETAIL,
      budget: { minRps: 3000, maxP99: 20 },
      floor: FLOOR_DETAIL,
      paths: listingIds.map((id) => `/api/buyer-listings/${id}`),
    },
    // The same listing ids in the same rotation.
    { name: FLOOR_DETAIL, server: "floor", paths: listingIds.map((id) => `/listing/${id}`) },
  ];
}

async function measure(base: string, scenario: Scenario, connections: number, duration: number) {
  let next = 0;
  return autocannon({
    url: base,
    connections,
    duration,
    ...(scenario.headers ? { headers: scenario.headers } : {}),
    requests: [
      {
        setupRequest: (req) => {
          const path = scenario.paths[next++ % scenario.paths.length]!;
          return { ...req, path };
        },
      },
    ],
  });
}

function judge(scenario: Scenario, connections: number, result: AutocannonResult): string {
  // The absolute budgets (docs/performance.md) are stated at 50 connections.
  if (!scenario.budget || connections !== 50) return "";
  const misses: string[] = [];
  if (scenario.budget.minRps && result.requests.average < scenario.budget.minRps) {
    misses.push(`< ${scenario.budget.minRps} req/s`);
  }
  if (scenario.budget.maxP99 && result.latency.p99 > scenario.budget.maxP99) {
    misses.push(`p99 > ${scenario.budget.maxP99} ms`);
  }
  return misses.length ? `missed (${misses.join(", ")})` : "met";
}

/**
 * The V8 heap setting the production server runs with (Dockerfile, `npm run serve`): without it V8 lets
 * the old generation grow to about three times the live heap before collecting under load (see
 * docs/performance.md, "Memory"), and the server's resident memory is measured as it runs in production.
 */
const SERVER_HEAP_FLAG = "--max-old-space-size=512";

/** A server in its own process (the app's child, the floor): forked, and its first message. */
async function startServer<Ready>(file: string, args: string[], name: string) {
  const child = fork(file, args, { execArgv: ["--import", "tsx", SERVER_HEAP_FLAG], stdio: "inherit" });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Ready));
    child.once("exit", (code) => reject(new Error(`${name} server exited with ${code}`)));
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.send("stop");
  await exited;
}

/**
 * The floor must answer what the app answers, or its ratios mean nothing: the same first page (ids in
 * order) and the same listing. Anything else fails the bench.
 */
async function checkFloor(base: string, floorBase: string, listingId: string) {
  const ids = async (url: string) => ((await (await fetch(url)).json()) as { id: string }[]).map((l) => l.id);
  const appPage = await ids(`${base}/api/buyer-listings?limit=20`);
  const floorPage = (await ids(`${floorBase}/browse`)).slice(0, appPage.length); // it reads limit + 1
  if (appPage.length === 0 || appPage.join() !== floorPage.join()) {
    throw new Error("the floor's browse page is not the app's");
  }
  const res = await fetch(`${floorBase}/listing/${listingId}`);
  if (!res.ok || ((await res.json()) as { id: string }).id !== listingId) {
    throw new Error(`the floor's listing detail answered ${res.status}, not the listing`);
  }
}

async function runEngine(
  engine: Engine,
): Promise<{ rows: Row[]; ready: ReadyMessage; rssReadyMb: number; imported: ImportBenchResult | null }> {
  const { child, ready } = await startServer<ReadyMessage>(
    fileURLToPath(import.meta.url),
    ["serve", engine],
    engine,
  );
  // On PostgreSQL the load goes to the compiled production server (bench-server.ts), except for a CPU
  // profile, which is taken of the app in the bench's own process.
  let compiled: CompiledServer | undefined;
  if (ready.databaseUrl && !process.env.BENCH_PROFILE && process.env.BENCH_IN_PROCESS !== "1") {
    compiled = await startCompiledServer({
      DATABASE_URL: ready.databaseUrl,
      SESSION_SECRET,
      API_RATE_LIMIT: BENCH_API_RATE_LIMIT,
    }).catch(async (err) => {
      await stopServer(child);
      throw err;
    });
  }
  const serverPid = compiled?.pid ?? child.pid!;
  const rssReadyMb = Math.round(rssMb(serverPid));
  console.log(
    `${engine}: ${ready.rows} listings (${ready.activeRows} active) loaded in ${ready.loadSeconds.toFixed(1)} s; server RSS ${rssReadyMb} MB (${compiled ? "compiled server" : "app in the bench's process"})`,
  );
  const base = compiled?.url ?? `http://127.0.0.1:${ready.port}`;
  const rows: Row[] = [];
  let imported: ImportBenchResult | null = null;
  let floor: ChildProcess | undefined;
  try {
    await checkContacts(base, ready.premiumCookie, ready.premiumApiKey);
    // First, while nothing has read the sitemaps yet: its first fetch is the cold build.
    if (!SCENARIO_WORDS || SCENARIO_WORDS.some((word) => "sitemaps".includes(word))) {
      console.log(sitemapReport(await benchSitemap({ base, databaseUrl: ready.databaseUrl, serverPid })));
    }
    const scenarios = (
      await scenariosFor(base, ready.listingIds, ready.premiumCookie, ready.premiumApiKey)
    ).filter(
      (s) =>
        (!SCENARIO_WORDS || SCENARIO_WORDS.some((word) => s.name.toLowerCase().includes(word))) &&
        // The floor needs a second connection to the same database: PostgreSQL only.
        (s.server !== "floor" || ready.databaseUrl !== null),
    );
    let floorBase = "";
    if (ready.databaseUrl && scenarios.some((s) => s.server === "floor")) {
      const started = await startServer<{ port: number }>(
        fileURLToPath(new URL("./bench-floor.ts", import.meta.url)),
        [ready.databaseUrl, SESSION_SECRET],
        "floor",
      );
      floor = started.child;
      floorBase = `http://127.0.0.1:${started.ready.port}`;
      await checkFloor(base, floorBase, ready.listingIds[0]!);
    }
    // A just-started server needs thousands of requests before its hot functions are optimized: with
    // only each scenario's one-second warm-up, the plain page (measured among the first, and the
    // reference of every "vs plain") cost a fifth more CPU per request than the same page later in the
    // run. So the server first serves the plain page (or the first scenario selected) for a while.
    const firstServed =
      scenarios.find((s) => s.name === PLAIN) ?? scenarios.find((s) => s.server !== "floor");
    if (firstServed) await measure(base, firstServed, 10, SERVER_WARM_UP_SECONDS);
    // The floor alike, so that neither side of a "vs floor" is measured colder than the other.
    const floorServed = scenarios.find((s) => s.server === "floor");
    if (floorServed && floorBase) await measure(floorBase, floorServed, 10, SERVER_WARM_UP_SECONDS);
    for (const scenario of scenarios) {
      const target = scenario.server === "floor" ? floorBase : base;
      await measure(target, scenario, 10, 1); // warm-up: JIT, plans, buffers
      for (const connections of CONNECTIONS) {
        // The app server's memory, sampled while the load runs (the floor's is not the app's).
        let rssPeakMb: number | null = null;
        const sampler =
          scenario.server === "floor"
            ? undefined
            : setInterval(() => {
                rssPeakMb = Math.max(rssPeakMb ?? 0, rssMb(serverPid));
              }, 200);
        const servingPid = scenario.server === "floor" ? floor?.pid : serverPid;
        const cpuBefore = servingPid === undefined ? null : cpuMs(servingPid);
        const result = await measure(target, scenario, connections, SECONDS).finally(() =>
          clearInterval(sampler),
        );
        const answered = result.requests.total;
        const cpuAfter = servingPid === undefined ? null : cpuMs(servingPid);
        const cpuUsPerRequest =
          cpuBefore === null || cpuAfter === null || answered === 0
            ? null
            : Math.round(((cpuAfter - cpuBefore) * 1000) / answered);
        const row: Row = {
          engine,
          scenario: scenario.name,
          connections,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          failures: result.non2xx + result.errors + result.timeouts,
          budget: judge(scenario, connections, result),
          rssPeakMb: rssPeakMb === null ? null : Math.round(rssPeakMb),
          cpuUsPerRequest,
          floor: scenario.floor,
          vsPlain: scenario.vsPlain,
        };
        rows.push(row);
        console.log(
          `  ${row.scenario.padEnd(26)} c=${String(connections).padEnd(3)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms${row.rssPeakMb === null ? "" : `  RSS peak ${row.rssPeakMb} MB`}${row.failures ? `  FAILURES ${row.failures}` : ""}`,
        );
      }
    }
    // Last: it adds its rows to the directory the scenarios above measured.
    if (IMPORT_ROWS > 0) {
      imported = await benchImport({
        base,
        serverPid,
        adminCookie: ready.adminCookie,
        buyerId: ready.importBuyerId,
        databaseUrl: ready.databaseUrl,
        autocannon: autocannon as never,
      });
      console.log(
        `  CSV import of ${imported.rows} rows: ${imported.importSeconds.toFixed(1)} s via HTTP${imported.copySeconds === null ? "" : `, psql \\copy ${imported.copySeconds.toFixed(1)} s`}; browse p99 ${imported.browseP99Idle} -> ${imported.browseP99During} ms during it`,
      );
    }
  } finally {
    if (floor) await stopServer(floor);
    await compiled?.stop();
    await stopServer(child);
  }
  return { rows, ready, rssReadyMb, imported };
}

function machine(): string {
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return [
    `- CPU: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown"} (nproc ${os.availableParallelism()})`,
    `- Memory: ${gib(os.totalmem())} total, ${gib(os.freemem())} free at start`,
    `- Node ${process.version}, ${os.type()} ${os.release()}`,
    `- Load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  ].join("\n");
}

// ---- ratios and goals ------------------------------------------------------------------------------
// On a shared 2-core machine absolute req/s move from run to run; ratios between scenarios measured
// minutes apart in the same run move much less, so the goals are ratios.

const GOAL_CONNECTIONS = 50;
/** The server's resident memory under load, on PostgreSQL (docs/performance.md). */
const RSS_BUDGET_MB = 256;
/** The filtered pages held to the plain page's rate and p99. */
const FILTERED = ["browse, vertical + payout", "browse, geo", "browse, requirement tags", "keyword search"];
/** The orders by the buyer's figures, held closer to the plain page: each is one index walk like it. */
const SORTED = ["browse, most reliable", "browse, most reviewed"];

const findRow = (rows: Row[], engine: Engine, scenario: string, connections: number) =>
  rows.find((r) => r.engine === engine && r.scenario === scenario && r.connections === connections);
const times = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : "n/a");

/** "vs floor": req/s over the floor's for the same kind of request, at the same connections. */
function vsFloor(rows: Row[], row: Row): string {
  const floor = row.floor ? findRow(rows, row.engine, row.floor, row.connections) : undefined;
  return floor ? times(row.rps, floor.rps) : "";
}

/** "CPU vs floor": the floor's CPU per request over this row's (1.00x: no more work than the floor). */
function cpuVsFloor(rows: Row[], row: Row): string {
  const floor = row.floor ? findRow(rows, row.engine, row.floor, row.connections) : undefined;
  return floor?.cpuUsPerRequest && row.cpuUsPerRequest
    ? times(floor.cpuUsPerRequest, row.cpuUsPerRequest)
    : "";
}

/** A process's CPU time so far (user + system), in milliseconds, from /proc (Linux). */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** The unit of /proc's CPU times (USER_HZ): 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** "vs plain": req/s and p99 over the plain page's (for the Premium row: signed in over signed out). */
function vsPlain(rows: Row[], row: Row): string {
  const plain = row.vsPlain ? findRow(rows, row.engine, PLAIN, row.connections) : undefined;
  return plain ? `${times(row.rps, plain.rps)} req/s, ${times(row.p99, plain.p99)} p99` : "";
}

/**
 * The "Goals" table at 50 connections: each line met or missed, with its figures. A goal
 * whose scenarios were not measured (BENCH_SCENARIOS, BENCH_CONNECTIONS, BENCH_ENGINES) is left out.
 * Failures in a goal's rows make it missed: an error answer is fast and would flatter the rate.
 */
function goalsTable(rows: Row[]): string {
  const lines: string[] = [];
  const line = (engine: string, goal: string, figures: string, met: boolean, involved: Row[]) => {
    const failures = involved.reduce((sum, r) => sum + r.failures, 0);
    const failed = failures ? `; ${failures} failures` : "";
    lines.push(`| ${engine} | ${goal} | ${figures}${failed} | ${met && !failures ? "met" : "missed"} |`);
  };
  const rate = (a: Row, b: Row) => `${times(a.rps, b.rps)} (${a.rps} / ${b.rps} req/s)`;
  for (const engine of ENGINES) {
    const at = (scenario: string) => findRow(rows, engine, scenario, GOAL_CONNECTIONS);
    for (const [app, floor] of [
      [PLAIN, FLOOR_BROWSE],
      [DETAIL, FLOOR_DETAIL],
    ] as const) {
      const a = at(app);
      const f = at(floor);
      if (a && f) {
        const cpu =
          a.cpuUsPerRequest && f.cpuUsPerRequest
            ? `; CPU per request ${a.cpuUsPerRequest} / ${f.cpuUsPerRequest} µs (${cpuVsFloor(rows, a)})`
            : "";
        line(engine, `${app} >= 0.8x ${floor}`, `${rate(a, f)}${cpu}`, a.rps >= 0.8 * f.rps, [a, f]);
      }
    }
    const plain = at(PLAIN);
    if (!plain) continue;
    for (const name of FILTERED) {
      const r = at(name);
      if (!r) continue;
      const figures = `${rate(r, plain)}, p99 ${times(r.p99, plain.p99)} (${r.p99} / ${plain.p99} ms)`;
      const met = r.rps >= 0.7 * plain.rps && r.p99 <= 2 * plain.p99;
      line(engine, `${name} >= 0.7x plain req/s, p99 <= 2x plain`, figures, met, [r, plain]);
    }
    for (const name of SORTED) {
      const r = at(name);
      if (!r) continue;
      const figures = `${rate(r, plain)}, p99 ${times(r.p99, plain.p99)} (${r.p99} / ${plain.p99} ms)`;
      const met = r.rps >= 0.9 * plain.rps && r.p99 <= 1.5 * plain.p99;
      line(engine, `${name} >= 0.9x plain req/s, p99 <= 1.5x plain`, figures, met, [r, plain]);
    }
    // Memory: the highest RSS of the app server over every directory and detail scenario.
    const served = rows.filter(
      (r) => r.engine === engine && r.rssPeakMb !== null && r.scenario !== "health (calibration)",
    );
    if (served.length > 0 && engine === "postgres") {
      const peak = served.reduce((a, b) => ((a.rssPeakMb ?? 0) >= (b.rssPeakMb ?? 0) ? a : b));
      line(
        engine,
        `server RSS <= ${RSS_BUDGET_MB} MB under load`,
        `peak ${peak.rssPeakMb} MB (${peak.scenario}, ${peak.connections} connections)`,
        (peak.rssPeakMb ?? 0) <= RSS_BUDGET_MB,
        [],
      );
    }
    const premium = at(PREMIUM);
    if (premium) {
      line(
        engine,
        "signed in Premium >= 0.8x signed out",
        rate(premium, plain),
        premium.rps >= 0.8 * plain.rps,
        [premium, plain],
      );
      const keyed = at(API_KEY);
      if (keyed) {
        line(
          engine,
          "Premium API key >= 0.9x signed in Premium",
          rate(keyed, premium),
          keyed.rps >= 0.9 * premium.rps,
          [keyed, premium],
        );
      }
    }
  }
  // PGlite, the embedded engine, against PostgreSQL scenario by scenario (no floor: it has none).
  const pairs = rows
    .filter((r) => r.engine === "pglite" && r.connections === GOAL_CONNECTIONS)
    .flatMap((r) => {
      const pg = findRow(rows, "postgres", r.scenario, GOAL_CONNECTIONS);
      return pg ? [{ r, pg }] : [];
    });
  if (pairs.length > 0) {
    const slow = pairs.filter(({ r, pg }) => r.rps < pg.rps / 3);
    const lowest = pairs.reduce((a, b) => (a.r.rps / a.pg.rps <= b.r.rps / b.pg.rps ? a : b));
    const figures = slow.length
      ? `below: ${slow.map(({ r, pg }) => `${r.scenario} ${rate(r, pg)}`).join(", ")}`
      : `lowest: ${lowest.r.scenario} ${rate(lowest.r, lowest.pg)}`;
    line(
      "pglite",
      "every scenario >= 1/3 of postgres req/s, no failures",
      figures,
      slow.length === 0,
      pairs.map((p) => p.r),
    );
  }
  if (lines.length === 0) return `No goal measured (they are judged at ${GOAL_CONNECTIONS} connections).`;
  return [
    `Goals, at ${GOAL_CONNECTIONS} connections (the bench reports, it never fails on a goal):`,
    "",
    "| Engine | Goal | Figures | Result |",
    "|---|---|---|---|",
    ...lines,
  ].join("\n");
}

async function main() {
  const header = `${machine()}\n- ${ROWS} listings, ${BUYERS} buyers, ${SECONDS} s per measurement, autocannon on the same host\n`;
  console.log(header);
  const results: Row[] = [];
  const loads: string[] = [];
  const imports: { engine: string; result: ImportBenchResult }[] = [];
  for (const engine of ENGINES) {
    const { rows, ready, rssReadyMb, imported } = await runEngine(engine);
    results.push(...rows);
    if (imported) imports.push({ engine, result: imported });
    loads.push(`| ${engine} | ${ready.rows} | ${ready.loadSeconds.toFixed(1)} s | ${rssReadyMb} MB |`);
  }
  const table = [
    "| Engine | Scenario | Connections | req/s | p50 ms | p99 ms | Failures | vs floor | vs plain | Budget (at 50) | Server RSS peak MB | CPU µs/req | CPU vs floor |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.scenario} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.failures} | ${vsFloor(results, r)} | ${vsPlain(results, r)} | ${r.budget} | ${r.rssPeakMb ?? ""} | ${r.cpuUsPerRequest ?? ""} | ${cpuVsFloor(results, r)} |`,
    ),
    "",
    `vs floor: req/s over the floor's (scripts/bench-floor.ts: the app's SQL, no framework) at the same connections, directory pages against "${FLOOR_BROWSE}", the detail against "${FLOOR_DETAIL}"; PostgreSQL only. CPU µs/req: CPU time of the serving process (the app, or the floor) per answered request; CPU vs floor: the floor's over the row's. vs plain: req/s and p99 over "${PLAIN}" at the same connections (for "${PREMIUM}", signed in over signed out; for "browse, compressed", compressed over uncompressed).`,
  ].join("\n");
  const loadTable = [
    "| Engine | Listings | Load (COPY + indexes + vacuum analyze) | Server RSS when ready |",
    "|---|---:|---:|---:|",
    ...loads,
  ].join("\n");
  const importReport = imports.length ? `\n${importTable(imports)}\n` : "";
  const report = `${header}\n${loadTable}\n\n${table}\n\n${goalsTable(results)}\n${importReport}`;
  console.log(`\n${report}`);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, report);
}

if (process.argv[2] === "serve") {
  await serve(process.argv[3] as Engine);
} else {
  await main();
}
