import type { FastifyInstance } from "fastify";

// The Account page's own routes: the summary, email change, the data export and account deletion.
export async function accountRoutes(_fastify: FastifyInstance) {}
