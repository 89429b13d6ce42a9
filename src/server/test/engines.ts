import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

// Which database engines the server tests run on (vitest.config.ts builds one project per engine). Some
// tests exist only on PostgreSQL (several server processes on one database, a database that goes away
// under the app, a deployment behind a proxy), so a run without it must say so rather than skip them
// without a word.

export type TestEngine = "pglite" | "postgres";

export interface EnginePlan {
  engines: TestEngine[];
  /**
   * The postgres project's server: the one TEST_DATABASE_URL names, or a throwaway one that the run starts
   * from the installed binaries and removes at its end (test/global-setup.ts).
   */
  postgres?: { url: string } | "throwaway";
  /** One line for the start of the run when the PostgreSQL-only tests are skipped, and how to run them. */
  skipped?: string;
}

/**
 * PGlite always; PostgreSQL on TEST_DATABASE_URL's server when it is set, else on a throwaway server when
 * the PostgreSQL server binaries are installed (`binDir` finds them), unless TEST_POSTGRES=off asks for
 * the PGlite-only run.
 */
export function planEngines(
  env: Record<string, string | undefined>,
  binDir: () => string | undefined,
): EnginePlan {
  if (env.TEST_POSTGRES === "off")
    return {
      engines: ["pglite"],
      skipped:
        "TEST_POSTGRES=off: server tests run on PGlite only, and the PostgreSQL-only process tests are skipped.",
    };
  if (env.TEST_DATABASE_URL)
    return { engines: ["pglite", "postgres"], postgres: { url: env.TEST_DATABASE_URL } };
  if (binDir()) return { engines: ["pglite", "postgres"], postgres: "throwaway" };
  return {
    engines: ["pglite"],
    skipped:
      "No PostgreSQL here: server tests run on PGlite only, and the PostgreSQL-only process tests are skipped. " +
      "To run them, set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) or install the " +
      "PostgreSQL server package (apt-get install postgresql), whose binaries the tests start a server from.",
  };
}

/** The installed server's bin directory, or undefined when there is none (PGlite-only machines). */
export function postgresBinDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : undefined;
}
