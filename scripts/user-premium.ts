// npm run user:premium -- EMAIL on|off: support tool to grant or remove a complimentary Premium
// (no Stripe objects, no period end; audit-logged). A paid Stripe subscription is never touched.

import "./development-default";
import { loadConfig } from "../src/server/config";
import { setComplimentaryPremium } from "../src/server/features/subscriptions/complimentary";
import { AppError } from "../src/server/lib/app-error";
import { openScriptDatabase } from "./script-database";

const [email, switchTo] = process.argv.slice(2);
if (!email || (switchTo !== "on" && switchTo !== "off")) {
  console.error("Usage: npm run user:premium -- EMAIL on|off");
  process.exit(2);
}
const config = loadConfig();
const database = await openScriptDatabase(config, {
  command: "npm run user:premium",
  whileServerRuns:
    "while it runs, grant or remove Premium on its admin Users page, /admin/users (sign in as an administrator).",
});
try {
  const { changed } = await setComplimentaryPremium({ db: database.db, email, enabled: switchTo === "on" });
  const state = switchTo === "on" ? "has complimentary Premium" : "has no complimentary Premium";
  console.log(changed ? `${email} now ${state}.` : `${email} already ${state}; nothing changed.`);
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
