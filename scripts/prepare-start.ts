// npm start's first step: refuse at once what the server would refuse anyway, then build the client
// unless the last build was made from the same sources (build-client.ts records what it was made from).
// A second `npm start` in the same checkout must stop before the build: the client build replaces the
// files a running server is serving, and the server's own refusal (its embedded database or its port
// is taken) came only after it. The build goes into a fresh folder that is swapped in whole
// (build-client.ts), so a server on this checkout started otherwise keeps its bundle either way.
import "./development-default";
import { ConfigError, loadConfig } from "../src/server/config";
import { assertPgliteDirFree, PgliteDirBusyError, pgliteBusyLine } from "../src/server/db/pglite-owner";
import { checkPortsFree, StartupError } from "../src/server/startup-checks";
import { buildClient, clientBuildIsCurrent } from "./build-client";

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
} else {
  buildClient();
}
