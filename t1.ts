import { openDatabase } from "/work/main/src/server/db/client";
import { migrateDatabase } from "/work/main/src/server/db/migrate";

const t0 = Date.now();
const d = await openDatabase({ pgliteDir: "memory://" });
console.log("open", Date.now() - t0);
await migrateDatabase(d);
console.log("migrated", Date.now() - t0);
const blob = await d.pglite!.dumpDataDir("gzip");
console.log("dump", Date.now() - t0, blob.size);
const d2 = await openDatabase({ pgliteDir: "memory://", pgliteSnapshot: blob });
console.log("load", Date.now() - t0);
console.log((await d2.pglite!.query("select count(*) from users")).rows);
const p = await openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:5432/test" });
await migrateDatabase(p);
console.log("pg migrated");
await p.pool!.query(
  "drop schema public cascade; create schema public; drop schema if exists drizzle cascade;",
);
await p.close();
