// npm start's first step: refuse at once what the server would refuse anyway, then start the client
// build unless the last build was made from the same sources (build-client.ts records what it was made
// from). A second `npm start` in the same checkout must stop before the build: the client build replaces
// the files a running server is serving, and the server's own refusal (its embedded database or its port
// is taken) came only after it. The build goes into a fresh folder that is swapped in whole
// (build-client.ts), so a server on this checkout started otherwise keeps its bundle either way.
import { ConfigError, loadConfig } from "../src/server/config";
import { assertPgliteDirFree, PgliteDirBusyError, pgliteBusyLine } from "../src/server/db/pglite-owner";
import { checkPortsFree, StartupError } from "../src/server/startup-checks";
import { buildClientInBackground, clientBuildIsCurrent } from "./build-client";

/**
 * The checks, then the client build started in the background: `clientBuild` settles when dist/client
 * holds a current build (at once when it already did). Exits 1 on a refusal.
 */
export async function prepareStart(): Promise<{ clientBuild: Promise<void> }> {
  try {
    const config = loadConfig();
    if (!config.databaseUrl) assertPgliteDirFree(config.pgliteDir);
    const ports = [{ name: "PORT", port: config.port }];
    if (config.metrics?.port !== undefined) ports.push({ name: "METRICS_PORT", port: config.metrics.port });
    await checkPortsFree(ports, config.host);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof StartupError) console.error(err.message);
    else if (err instanceof PgliteDirBusyError) console.error(pgliteBusyLine(err));
    else throw err;
    process.exit(1);
  }
  if (clientBuildIsCurrent()) {
    console.log("The client build in dist/client is current: its sources have not changed since.");
    return { clientBuild: Promise.resolve() };
  }
  const clientBuild = buildClientInBackground();
  // The server awaits it only once its database is ready: a failure before then is not left unhandled.
  clientBuild.catch(() => {});
  return { clientBuild };
}
