// The sitemaps step of `npm run bench`: against the running bench server, reads /sitemap.xml and every
// file it names, checks that every listing a signed-out visitor can open appears exactly once (the ids
// read from the database, PostgreSQL only: PGlite's in-memory database has no second connection) and
// that no file holds more than sitemaps.org's 50,000 URLs, and times the first fetch (which builds every
// file) against a second one (from the cache). Any failed check throws: the bench stops.
import pg from "pg";
import { rssMb } from "./bench-import";

const FILE_URL_LIMIT = 50_000;

export interface SitemapBenchResult {
  /** The first /sitemap.xml: one build of the index and every file. */
  coldMs: number;
  /** /sitemap.xml again, from the cache. */
  warmIndexMs: number;
  files: { name: string; urls: number; kb: number; ms: number }[];
  listingUrls: number;
  /** Whether the listings were compared with the database's (PostgreSQL only). */
  checkedAgainstDatabase: boolean;
  /** The server's resident memory before the build, its peak during it, and after every file was read. */
  rss: { beforeMb: number; peakMb: number; afterMb: number };
}

async function timedGet(url: string): Promise<{ body: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`sitemap check: ${url} answered ${res.status}`);
  if (res.headers.get("content-type") !== "application/xml; charset=utf-8") {
    throw new Error(`sitemap check: ${url} answered ${res.headers.get("content-type")}`);
  }
  return { body, ms };
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

/** Fetches and checks the sitemaps of the bench server at `base`; throws on any failed check. */
export async function benchSitemap({
  base,
  databaseUrl,
  serverPid,
}: {
  base: string;
  databaseUrl: string | null;
  serverPid: number;
}): Promise<SitemapBenchResult> {
  const beforeMb = rssMb(serverPid);
  let peakMb = beforeMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(serverPid));
  }, 100);
  const cold = await timedGet(`${base}/sitemap.xml`).finally(() => clearInterval(sampler));
  const warm = await timedGet(`${base}/sitemap.xml`);
  if (warm.body !== cold.body) throw new Error("sitemap check: the second index differs from the first");
  if (!cold.body.includes("<sitemapindex ")) throw new Error("sitemap check: /sitemap.xml is not an index");

  const files: SitemapBenchResult["files"] = [];
  const seen = new Map<string, number>();
  for (const loc of locsOf(cold.body)) {
    // The index names files under the app's APP_URL; the bench server listens on its own port.
    const path = new URL(loc).pathname;
    const { body, ms } = await timedGet(`${base}${path}`);
    const urls = locsOf(body);
    if (urls.length > FILE_URL_LIMIT) {
      throw new Error(`sitemap check: ${path} holds ${urls.length} URLs, over ${FILE_URL_LIMIT}`);
    }
    const lastmods = body.match(/<lastmod>/g)?.length ?? 0;
    for (const url of urls) {
      const id = new URL(url).pathname.match(/^\/listings\/([0-9a-f-]{36})$/)?.[1];
      if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    if (path.startsWith("/sitemaps/listings-") && lastmods !== urls.length) {
      throw new Error(`sitemap check: ${path} has ${urls.length} URLs but ${lastmods} lastmods`);
    }
    files.push({
      name: path.replace("/sitemaps/", ""),
      urls: urls.length,
      kb: Buffer.byteLength(body) / 1024,
      ms,
    });
  }
  const twice = [...seen].filter(([, n]) => n > 1);
  if (twice.length > 0) throw new Error(`sitemap check: ${twice.length} listings appear more than once`);

  let checkedAgainstDatabase = false;
  if (databaseUrl) {
    // The rule written out again rather than imported: active listings of owners not disabled.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `select l.id from buyer_listings l
           join buyer_profiles bp on bp.id = l.buyer_id
           join users u on u.id = bp.user_id
         where l.status = 'active' and u.disabled_at is null`,
      );
      const missing = rows.filter((r) => !seen.has(r.id));
      const visible = new Set(rows.map((r) => r.id));
      const extra = [...seen.keys()].filter((id) => !visible.has(id));
      if (missing.length > 0 || extra.length > 0) {
        throw new Error(
          `sitemap check: ${missing.length} visible listings missing, ${extra.length} listed that a visitor cannot open (of ${rows.length} visible)`,
        );
      }
      checkedAgainstDatabase = true;
    } finally {
      await client.end();
    }
  }
  const rss = { beforeMb, peakMb: Math.max(peakMb, rssMb(serverPid)), afterMb: rssMb(serverPid) };
  return {
    coldMs: cold.ms,
    warmIndexMs: warm.ms,
    files,
    listingUrls: seen.size,
    checkedAgainstDatabase,
    rss,
  };
}

/** The bench's lines for the step. */
export function sitemapReport(result: SitemapBenchResult): string {
  const files = result.files
    .map((f) => `${f.name} ${f.urls} URLs ${Math.round(f.kb)} kB ${f.ms.toFixed(0)} ms`)
    .join("; ");
  const checked = result.checkedAgainstDatabase
    ? ", each visible listing once (checked against the database)"
    : "";
  return [
    `  sitemaps: cold /sitemap.xml ${result.coldMs.toFixed(0)} ms (builds every file), warm ${result.warmIndexMs.toFixed(1)} ms; ${result.files.length} files, ${result.listingUrls} listing URLs${checked}`,
    `    ${files}`,
    `    server RSS ${Math.round(result.rss.beforeMb)} MB before the build, peak ${Math.round(result.rss.peakMb)} MB during it, ${Math.round(result.rss.afterMb)} MB after every file was read`,
  ].join("\n");
}
