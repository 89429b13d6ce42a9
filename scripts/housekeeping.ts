// npm run housekeeping: one run of the sweep the server schedules every hour (expired sessions and
// sign-in links, rate-limit windows that are over, old development outbox mail, the mail queue's rows of
// mails long sent or long given up on), each table in bounded batches; docs/operations.md#daily-tasks.

import "./development-default";
import { loadConfig } from "../src/server/config";
import { describeSweeps, runHousekeeping } from "../src/server/features/housekeeping/housekeeping";
import { openScriptDatabase } from "./script-database";

const config = loadConfig();
const database = await openScriptDatabase(config, {
  command: "npm run housekeeping",
  whileServerRuns: "leave it running: the server sweeps these tables itself every hour.",
});
try {
  const results = await runHousekeeping({ db: database.db });
  console.log(`Removed: ${describeSweeps(results)}.`);
  const left = results.filter((r) => r.more).map((r) => r.table);
  if (left.length > 0) console.log(`More rows are due in ${left.join(", ")}: run it again.`);
} finally {
  await database.close();
}
