import type { Sitemaps } from "./site-map";

/**
 * How long one build of the sitemaps answers before the next request rebuilds them: an hour, the
 * max-age their answers carry. A build reads every visible listing, so it must not run per request
 * (crawlers fetch the index and every file in a row); search engines come back to a sitemap after hours
 * or days, so a listing that reaches it up to an hour late loses nothing (its page is reachable from the
 * directory meanwhile), and a crawler's or proxy's copy is never older than two hours.
 */
export const SITEMAP_CACHE_MS = 60 * 60 * 1000;

export interface SitemapCache {
  /** The current build, or a new one once it has expired. */
  read(): Promise<Sitemaps>;
}

/**
 * Keeps one build of the sitemaps for `maxAgeMs` of `now`. A rebuild is shared: requests that arrive
 * while it runs wait for the same one instead of each reading the directory. A failed build is not kept;
 * the next request tries again. Each instance keeps its own (a few MB at 100,000 listings).
 */
export function createSitemapCache({
  build,
  now,
  maxAgeMs = SITEMAP_CACHE_MS,
}: {
  build: () => Promise<Sitemaps>;
  now: () => Date;
  maxAgeMs?: number;
}): SitemapCache {
  let current: { sitemaps: Sitemaps; builtAt: number } | undefined;
  let building: Promise<Sitemaps> | undefined;
  return {
    read() {
      if (current && now().getTime() - current.builtAt < maxAgeMs) return Promise.resolve(current.sitemaps);
      if (!building) {
        // Dated from the start: the build's reads see the directory as it was then, or later.
        const startedAt = now().getTime();
        building = build()
          .then((sitemaps) => {
            current = { sitemaps, builtAt: startedAt };
            return sitemaps;
          })
          .finally(() => {
            building = undefined;
          });
      }
      return building;
    },
  };
}
