// Imported first by the commands a developer runs on their own machine (npm start, npm run db:*,
// user:*, bench): with APP_ENV unset they mean development. The server's own default is production
// (src/server/config.ts), so a deployment that forgets the variable fails closed; deployments run
// `npm run serve` or the Dockerfile, never these (docs/operations.md).
process.env.APP_ENV ||= "development";
