import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "../../src/server/test/chromium";
import { type RunningServer, startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per worker: worker N (VITEST_POOL_ID) uses baseURLs[N - 1]. */
    baseURLs: string[];
    /** The one Chromium every worker connects to. */
    browserWSEndpoint: string;
  }
}

let servers: RunningServer[] = [];
let browser: BrowserServer | undefined;

export async function setup(project: TestProject) {
  // Started side by side: each has a fresh database to create and migrate.
  const [launched, ...started] = await Promise.all([
    chromium.launchServer({ executablePath: HEADLESS_SHELL_PATH, headless: true, args: CHROMIUM_ARGS }),
    // Domain verification reads a page the test serves on 127.0.0.1, which production refuses.
    ...Array.from({ length: project.config.maxWorkers }, () => startServer({ VERIFY_ALLOW_PRIVATE: "1" })),
  ]);
  browser = launched as BrowserServer;
  servers = started as RunningServer[];
  project.provide(
    "baseURLs",
    servers.map((s) => s.url),
  );
  project.provide("browserWSEndpoint", browser.wsEndpoint());
}

export async function teardown() {
  await Promise.all([...servers.map((s) => s.stop()), browser?.close()]);
}
