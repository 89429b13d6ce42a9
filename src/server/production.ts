// The production entry, compiled to dist/server/main.js by `npm run build` (scripts/build-server.mjs) and
// started by `npm run serve` and the Docker image: the server without the demo seed, so neither the seed
// nor its data ship.
import { runServer } from "./server";

runServer();
