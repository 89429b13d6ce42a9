// npm run db:migrate: applies the committed migrations to the configured database.
import "./development-default";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await migrateDatabase(database);
console.log(`Migrations applied (${database.engine}).`);
await database.close();
