// The floor of `npm run bench`: the least any server could do to answer the directory's two
// hot requests with the app's own SQL. node:http and pg, no framework, no validation, no masking: each
// request is one named prepared statement and JSON.stringify of its rows. The app's figures over the
// floor's say how much the app adds above its database (routing, sessions, validation, serialisation),
// which an absolute req/s on a shared 2-core machine cannot.
//
// Forked by scripts/bench.ts next to the app's child, on the same PostgreSQL database (PGlite has no
// second connection, so there is no floor for it): `bench-floor.ts DATABASE_URL SESSION_SECRET`.
//
//   GET /browse        the app's no-filter browse page (signed out, limit 20, boosted first)
//   GET /listing/<id>  the app's listing detail (signed out, records one view per viewer per day)
import { createServer, type ServerResponse } from "node:http";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { directoryPageStatements } from "../src/server/features/listings/directory-query";
import { listingDetailStatement } from "../src/server/features/listings/listing-detail";
import { listingQuerySchema } from "../src/shared/schemas/listings";

const [databaseUrl, keySecret] = process.argv.slice(2);
if (!databaseUrl || !keySecret) throw new Error("usage: bench-floor.ts DATABASE_URL SESSION_SECRET");

// Rendered once at startup: the app renders per request, but only the clock-derived parameters (the
// boosted reference time, the 30-day window, the view's day) would differ, not the plan or the rows.
const dialect = new PgDialect();
const now = new Date();
const browse = dialect.sqlToQuery(
  directoryPageStatements({ viewer: null, query: listingQuerySchema.parse({ limit: "20" }), now })
    .statements[0]!.statement,
);
// The detail statement is rendered with a stand-in id; each request puts its id in the stand-in's places,
// so the parameter list is exactly the app's. The address is the loopback one the app sees from autocannon.
const STAND_IN_ID = "00000000-0000-4000-8000-000000000000";
const detail = dialect.sqlToQuery(
  listingDetailStatement({ viewer: null, listingId: STAND_IN_ID, ip: "127.0.0.1", keySecret, now }),
);
if (!detail.params.includes(STAND_IN_ID)) throw new Error("the detail statement has no id parameter");

// The app's pool: same size and statement timeout (src/server/db/client.ts).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, statement_timeout: 10_000 });

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const server = createServer(async (req, res) => {
  try {
    if (req.url === "/browse") {
      const { rows } = await pool.query({ name: "floor_browse", text: browse.sql, values: browse.params });
      return send(res, 200, rows);
    }
    if (req.url?.startsWith("/listing/")) {
      const id = req.url.slice("/listing/".length);
      const values = detail.params.map((p) => (p === STAND_IN_ID ? id : p));
      const { rows } = await pool.query({ name: "floor_detail", text: detail.sql, values });
      return rows[0] ? send(res, 200, rows[0]) : send(res, 404, null);
    }
    send(res, 404, null);
  } catch (err) {
    // Counted by autocannon as a non-2xx; the message says why.
    console.error(`bench floor: ${(err as Error).message}`);
    send(res, 500, null);
  }
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.send!({ type: "ready", port: typeof address === "object" && address ? address.port : 0 });
});

process.on("message", async (message) => {
  if (message !== "stop") return;
  server.closeAllConnections();
  server.close();
  await pool.end();
  process.exit(0);
});
