import type { FastifyRequest } from "fastify";

const BEARER = /^Bearer(?:\s+(.*))?$/is;

/**
 * The token of an `Authorization: Bearer <token>` header (the scheme's name in any case), "" for a
 * Bearer header without a well-formed one, or null when the request has no Authorization header or uses another
 * scheme. Both the access guard (plugins/access-guard.ts) and the cross-site check (plugins/security.ts)
 * decide by it, so they always agree on which requests are signed in with an API key.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = BEARER.exec(header);
  if (!match) return null;
  // "Bearer" and anything after it is an attempt with a key, even a malformed one (refused as invalid).
  const token = (match[1] ?? "").trim();
  return /\s/.test(token) ? "" : token;
}
