// npm run dev: the API (restarts on change) and Vite (hot reload) side by side. Open http://localhost:5173;
// Vite proxies /api to the API on PORT (default 5000). Mail links point at Vite, hence APP_URL.
import { spawn } from "node:child_process";

const apiPort = process.env.PORT ?? "5000";
const env = {
  ...process.env,
  // Set here, not defaulted by the server: the server's own default is production (fails closed).
  APP_ENV: process.env.APP_ENV || "development",
  PORT: apiPort,
  API_PORT: apiPort,
  APP_URL: process.env.APP_URL ?? "http://localhost:5173",
  // A restart on change needs no draining time for load balancers.
  SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? "0",
};
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], { stdio: "inherit", env }),
  spawn("npx", ["vite"], { stdio: "inherit", env }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) {
  child.on("exit", (code) => {
    stop("SIGTERM");
    process.exitCode = code ?? 0;
  });
}
