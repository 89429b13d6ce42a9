// The server from source: npm run dev and the tests start this file (npm start adds its client build
// first, scripts/start.ts). What it carries beyond production's entry: from-source.ts.
import { runServerFromSource } from "./from-source";

await runServerFromSource();
