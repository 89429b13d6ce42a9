import type { FastifyInstance } from "fastify";

// The public API's OpenAPI 3.1 document, generated from the routes' zod schemas (docs/api.md): every
// route whose config has `publicApi`, none other. Registered before the routes, so it sees them all.

export async function registerOpenApi(_app: FastifyInstance): Promise<void> {}
