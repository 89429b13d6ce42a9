import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";

// The embedded database (PGlite) runs one statement at a time for the whole process, so under load
// requests wait in its queue: at 50 connections the slowest waited 5.8 s. Past a number of requests in
// flight, the next one is answered 503 at once with Retry-After, so the ones admitted keep a bounded
// wait and a client learns to come back instead of hanging. Built files and the probes never read the
// database and are always served. PostgreSQL needs no such guard: its pool bounds the wait itself.

export const BUSY_MESSAGE = "The server is busy. Try again in a moment.";
const BUSY_RETRY_AFTER_SECONDS = 1;
const UNCOUNTED_PREFIXES = ["/assets/", "/api/health", "/api/ready"];

export function registerBusyGuard(app: FastifyInstance, maxInFlight: number): void {
  let inFlight = 0;
  app.addHook("onRequest", async (request, reply) => {
    if (UNCOUNTED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    if (inFlight >= maxInFlight) {
      throw new AppError("unavailable", BUSY_MESSAGE, {
        headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
      });
    }
    inFlight++;
    // After the answer is sent, and also when the client went away first.
    reply.raw.once("close", () => {
      inFlight--;
    });
  });
}
