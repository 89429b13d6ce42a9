// npm run db:migrate: applies the committed migrations to the configured database.
import "./development-default";
import { loadConfig } from "../src/server/config";
import { migrateDatabase } from "../src/server/jobs/migrate-database";
import { openScriptDatabase } from "./script-database";

const config = loadConfig();
const database = await openScriptDatabase(config, {
  command: "npm run db:migrate",
  whileServerRuns: "restart it: the server applies the migrations itself when it starts.",
});
await migrateDatabase(database);
console.log(`Migrations applied (${database.engine}).`);
await database.close();
