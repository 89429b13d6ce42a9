// npm run user:role -- EMAIL ROLE: support tool to change a user's role (e.g. make an admin).

import "./development-default";
import { loadConfig } from "../src/server/config";
import { setUserRole } from "../src/server/features/auth/role-change";
import { AppError } from "../src/server/lib/app-error";
import { ROLES, type Role } from "../src/shared/constants";
import { openScriptDatabase } from "./script-database";

const [email, role] = process.argv.slice(2);
if (!email || !role || !ROLES.includes(role as Role)) {
  console.error(`Usage: npm run user:role -- EMAIL ${ROLES.join("|")}`);
  process.exit(2);
}
const config = loadConfig();
const database = await openScriptDatabase(config, {
  command: "npm run user:role",
  whileServerRuns:
    "while it runs, change the role on its admin Users page, /admin/users (sign in as an administrator).",
});
try {
  await setUserRole({ db: database.db, email, role: role as Role });
  console.log(`${email} is now ${role}; their sessions are ended and their API keys fit the role.`);
} catch (err) {
  // An unknown address, or the last active administrator: said plainly, not as a stack.
  if (!(err instanceof AppError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
