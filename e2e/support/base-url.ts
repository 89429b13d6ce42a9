import { inject } from "vitest";

/** The server of this worker (each e2e worker has its own server and database). */
export function workerBaseURL(): string {
  const urls = inject("baseURLs");
  const url = urls[(Number(process.env.VITEST_POOL_ID) || 1) - 1];
  if (!url) throw new Error(`no e2e server for worker ${process.env.VITEST_POOL_ID} of ${urls.length}`);
  return url;
}
