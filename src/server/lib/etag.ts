import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A strong validator for an answer body: the first 20 characters of its SHA-1 in base64url, quoted.
 * Computed from the bytes sent before compression, so the same page has one ETag whatever the encoding.
 */
function etagOf(body: string | Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
}

/** Whether the request's If-None-Match names this ETag (a list, weak forms and "*" included). */
function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * Sets the ETag and, when the client already holds this body, turns the answer into a bodiless 304.
 * Returns the payload to send (empty on a 304). For answers that are the same for everyone who may get
 * them: never call it on an answer that carries anything of one user's.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
): string | Buffer {
  const etag = etagOf(body);
  reply.header("ETag", etag);
  if (!matchesIfNoneMatch(request, etag)) return body;
  reply.code(304);
  return "";
}
