// npm start (after prepare-start.ts's checks and client build): the server for this machine from source, in development unless
// APP_ENV says otherwise, with the demo seed. `npm run serve` is the production entry: the compiled server
// (dist/server/main.js, from src/server/production.ts) with the server's own default, production.
import "./development-default";
import "../src/server/main";
