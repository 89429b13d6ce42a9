import type { FastifyInstance } from "fastify";

// The Account page's sessions: list, sign out one, sign out everywhere else; the sign-in alert's link.
export async function accountSessionRoutes(_fastify: FastifyInstance) {}
