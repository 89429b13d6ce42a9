// npm run reliability:refresh: recomputes every buyer's stored reliability score. Every write that
// changes an input refreshes its buyer at once; this catches what only time changes (a deal request
// passing its 48 hours unanswered, an outcome leaving the 12-month window). Run it daily (cron, or the
// job queue once it lands): docs/decisions/012-buyer-reliability-score.md.

import "./development-default";
import { loadConfig } from "../src/server/config";
import { refreshReliabilityScores } from "../src/server/features/reliability/refresh-reliability";
import { openScriptDatabase } from "./script-database";

const config = loadConfig();
const database = await openScriptDatabase(config, {
  command: "npm run reliability:refresh",
  whileServerRuns: "leave it running: the server refreshes the scores itself every day.",
});
try {
  const count = await refreshReliabilityScores({ db: database.db });
  console.log(`Refreshed the reliability score of ${count} buyer${count === 1 ? "" : "s"}.`);
} finally {
  await database.close();
}
