// The database a support command works on: the configured PostgreSQL, or the embedded PGlite directory,
// which only one process may have open (src/server/db/pglite-owner.ts). While a server holds it the
// command stops before touching anything and says what to do instead.
import type { AppConfig } from "../src/server/config";
import { type Database, openDatabase } from "../src/server/db/client";
import { PgliteDirBusyError } from "../src/server/db/pglite-owner";

export async function openScriptDatabase(
  config: AppConfig,
  { command, whileServerRuns }: { command: string; whileServerRuns: string },
): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      owner: { kind: "command", name: command },
    });
  } catch (err) {
    if (!(err instanceof PgliteDirBusyError)) throw err;
    const advice =
      err.holder.kind === "server"
        ? ` Nothing was changed. Stop the server (Ctrl-C in its terminal) and run this command again, or ${whileServerRuns}`
        : "";
    console.error(`${err.message}${advice}`);
    process.exit(1);
  }
}
