// The server from source (tsx): npm start, npm run dev and the tests. In development it writes the demo
// data after the migrations; production runs the compiled production.ts, which leaves the seed out.
import { seedDemoData } from "./features/dev/demo-seed";
import { runServer } from "./server";

runServer({ demoSeed: seedDemoData });
