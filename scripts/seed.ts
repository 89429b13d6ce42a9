// npm run db:seed: loads the demo data into the configured database (never in production).
import "./development-default";
import { loadConfig } from "../src/server/config";
import { seedDemoData } from "../src/server/features/dev/demo-seed";
import { migrateDatabase } from "../src/server/jobs/migrate-database";
import { openScriptDatabase } from "./script-database";

const config = loadConfig();
if (config.isProduction) {
  console.error("Refusing to seed demo data with APP_ENV=production.");
  process.exit(1);
}
const database = await openScriptDatabase(config, {
  command: "npm run db:seed",
  whileServerRuns: "leave it running: a server in development seeds the demo data itself when it starts.",
});
let seeded = false;
// Under the startup lock, like a starting server (src/server/db/apply-migrations.ts).
await migrateDatabase(database, {
  afterMigrations: async (db) => {
    // With simulated payments the demo's plans and boosts are bought when the server next starts.
    seeded = (await seedDemoData(db, { payments: config.payments })).seeded;
  },
});
console.log(seeded ? "Demo data seeded." : "Demo data already present: nothing to do.");
await database.close();
