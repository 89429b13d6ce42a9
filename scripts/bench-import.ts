// The CSV import scenario of `npm run bench`: 100,000 rows through the real HTTP endpoint,
// judged against a raw `psql \copy` of the same rows into the same table in the same run (rolled back),
// with the directory's latency while the import runs and the server's memory growth.
import { execFile, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createReadStream, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PAYMENT_TERMS, VERTICALS } from "../src/shared/constants";

export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const GEOS = ["California", "Texas", "Florida", "New York", "Ohio"];

export interface ImportBenchResult {
  rows: number;
  fileMb: number;
  /** psql \copy of the same rows, or null when psql is not installed (PGlite has no psql either). */
  copySeconds: number | null;
  importSeconds: number;
  status: number;
  browseP99Idle: number;
  browseP99During: number;
  browseRpsIdle: number;
  browseRpsDuring: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

interface AutocannonInstance
  extends PromiseLike<{ latency: { p99: number }; requests: { average: number } }> {
  stop(): void;
}
type Autocannon = (options: { url: string; connections: number; duration: number }) => AutocannonInstance;

/** The CSV an admin would upload, and the same rows as PostgreSQL's COPY takes them (with the buyer). */
function writeFiles(buyerId: string): { csv: string; copy: string } {
  const csvLines = [
    "title,vertical,payout,paymentTerms,durationRequirement,minVolume,status,description,geos",
  ];
  const copyLines: string[] = [];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const vertical = VERTICALS[i % VERTICALS.length]!;
    const title = `Imported ${vertical} Calls ${i}`;
    const payout = (10 + ((i * 37) % 300) + (i % 100) / 100).toFixed(2);
    const terms = PAYMENT_TERMS[i % PAYMENT_TERMS.length]!;
    const description = `"Inbound ${vertical.toLowerCase()} callers, ${i % 3 === 0 ? "no IVR" : "licensed agents"}; row ${i}"`;
    const geos = i % 4 === 0 ? "" : `${GEOS[i % GEOS.length]}|${GEOS[(i + 2) % GEOS.length]}`;
    const cells = [title, vertical, payout, terms, "120", "10", "active", description];
    csvLines.push(`${cells.join(",")},${geos}`);
    copyLines.push(`${[buyerId, ...cells].join(",")},"{${geos.split("|").filter(Boolean).join(",")}}"`);
  }
  const csv = join(tmpdir(), `bench-import-${randomUUID()}.csv`);
  const copy = join(tmpdir(), `bench-copy-${randomUUID()}.csv`);
  writeFileSync(csv, `${csvLines.join("\n")}\n`);
  writeFileSync(copy, `${copyLines.join("\n")}\n`);
  return { csv, copy };
}

function hasPsql(): boolean {
  try {
    execFileSync("psql", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The floor: psql's \copy of the same rows, in a transaction rolled back so the table is unchanged. */
async function rawCopySeconds(databaseUrl: string, copyFile: string): Promise<number> {
  const started = performance.now();
  await promisify(execFile)("psql", [
    databaseUrl,
    "-v",
    "ON_ERROR_STOP=1",
    "-q",
    "-c",
    "begin",
    "-c",
    `\\copy buyer_listings (buyer_id, title, vertical, payout, payment_terms, duration_requirement, min_volume, status, description, geos) from '${copyFile}' with (format csv)`,
    "-c",
    "rollback",
  ]);
  return (performance.now() - started) / 1000;
}

function upload(base: string, cookie: string, buyerId: string, file: string): Promise<number> {
  const url = new URL(`/api/admin/buyer-listings/import-csv?buyerId=${buyerId}&fileName=bench.csv`, base);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          cookie,
          "content-type": "text/csv",
          "content-length": statSync(file).size,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          if (res.statusCode !== 200)
            console.log(`  import answered ${res.statusCode}: ${body.slice(0, 300)}`);
          resolve(res.statusCode ?? 0);
        });
      },
    );
    req.on("error", reject);
    createReadStream(file).pipe(req);
  });
}

/** A process's resident memory in MB, from ps (the bench samples its server with it). */
export const rssMb = (pid: number) =>
  Number(
    execFileSync("ps", ["-o", "rss=", "-p", String(pid)])
      .toString()
      .trim(),
  ) / 1024;

export async function benchImport(options: {
  base: string;
  serverPid: number;
  adminCookie: string;
  buyerId: string;
  databaseUrl: string | null;
  autocannon: Autocannon;
}): Promise<ImportBenchResult> {
  const { base, serverPid, adminCookie, buyerId, databaseUrl, autocannon } = options;
  const files = writeFiles(buyerId);
  const browse = `${base}/api/buyer-listings?limit=20`;
  const copySeconds = databaseUrl && hasPsql() ? await rawCopySeconds(databaseUrl, files.copy) : null;

  // The directory alone, then the same load while the import runs.
  const idle = await autocannon({ url: browse, connections: 10, duration: 5 });
  const rssBeforeMb = rssMb(serverPid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(serverPid));
  }, 200);
  const during = autocannon({ url: browse, connections: 10, duration: 600 });
  const started = performance.now();
  const status = await upload(base, adminCookie, buyerId, files.csv);
  const importSeconds = (performance.now() - started) / 1000;
  during.stop();
  clearInterval(sampler);
  const duringResult = await during;
  return {
    rows: IMPORT_ROWS,
    fileMb: statSync(files.csv).size / 1024 / 1024,
    copySeconds,
    importSeconds,
    status,
    browseP99Idle: idle.latency.p99,
    browseP99During: duringResult.latency.p99,
    browseRpsIdle: Math.round(idle.requests.average),
    browseRpsDuring: Math.round(duringResult.requests.average),
    rssBeforeMb,
    rssPeakMb,
  };
}

export function importTable(results: { engine: string; result: ImportBenchResult }[]): string {
  const budget = (engine: string, r: ImportBenchResult) => {
    if (r.status !== 200) return `failed (${r.status})`;
    if (engine === "pglite") return r.importSeconds <= 60 ? "met (<= 60 s)" : "missed (> 60 s)";
    if (r.copySeconds === null) return "no psql: ratio not measured";
    return r.importSeconds <= 2.5 * r.copySeconds ? "met (<= 2.5x COPY)" : "missed (> 2.5x COPY)";
  };
  return [
    "| Engine | Rows (file) | psql \\copy | Import via HTTP | Ratio | Budget | Browse p99 idle → during | Browse req/s idle → during | Server RSS before → peak |",
    "|---|---:|---:|---:|---:|---|---|---|---|",
    ...results.map(({ engine, result: r }) =>
      [
        "",
        engine,
        `${r.rows.toLocaleString("en-US")} (${r.fileMb.toFixed(1)} MB)`,
        r.copySeconds === null ? "n/a" : `${r.copySeconds.toFixed(1)} s`,
        `${r.importSeconds.toFixed(1)} s`,
        r.copySeconds === null ? "n/a" : `${(r.importSeconds / r.copySeconds).toFixed(2)}x`,
        budget(engine, r),
        `${r.browseP99Idle} → ${r.browseP99During} ms`,
        `${r.browseRpsIdle} → ${r.browseRpsDuring}`,
        `${r.rssBeforeMb.toFixed(0)} → ${r.rssPeakMb.toFixed(0)} MB (+${(r.rssPeakMb - r.rssBeforeMb).toFixed(0)})`,
        "",
      ]
        .join(" | ")
        .trim(),
    ),
  ].join("\n");
}
