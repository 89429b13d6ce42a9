// npm start: the checks and the client build (prepare-start.ts), then the server for this machine from
// source, in development unless APP_ENV says otherwise, with the demo seed. Vite builds while the
// database is migrated and seeded; the server reads the build only once both are done. `npm run serve`
// is the production entry: the compiled server (dist/server/main.js, from src/server/production.ts) with
// the server's own default, production.
import "./development-default";
import { runServerFromSource } from "../src/server/from-source";
import { prepareStart } from "./prepare-start";

const { clientBuild } = await prepareStart();
await runServerFromSource({ clientBuild });
