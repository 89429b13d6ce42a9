// npm start (after the client build): the server for this machine, in development unless APP_ENV says
// otherwise. `npm run serve` is the production entry: it runs src/server/main.ts with the server's own
// default, production.
import "./development-default";
import "../src/server/main";
