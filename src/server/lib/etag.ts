import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import fresh from "fresh";

/**
 * A weak validator for an answer body: the first 20 characters of its SHA-1 in base64url. Taken from the
 * bytes before compression, so the br, gzip and plain answers of one body share it: weak, because they
 * are the same content but not the same bytes (a strong tag would promise byte ranges that differ).
 */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
}

/**
 * Sets the ETag and, when the client already holds this body, turns the answer into a 304. Returns the
 * payload to send: null on a 304, so no body and no Content-Length go out (a Content-Length on a 304
 * would describe the held body as empty). `Vary: Accept-Encoding` on every answer, 304 included: the
 * body is sent compressed or not by that header, and a shared cache must keep the variants apart.
 * If-None-Match is read by `fresh` (what Express uses): a weak comparison, a list of tags, and `*`.
 * `etag`: the body's tag when the caller keeps it (a body that never changes need not be hashed again).
 * For answers that are the same for everyone who may get them: never call it on an answer that carries
 * anything of one user's.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  etag = etagOf(body),
): string | Buffer | null {
  reply.header("ETag", etag);
  varyByEncoding(reply);
  if (!fresh(request.headers, { etag })) return body;
  reply.code(304);
  return null;
}

/**
 * Adds accept-encoding to Vary once, spelled as @fastify/compress spells it (it looks for that spelling
 * before adding its own).
 */
export function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader("vary");
  const values =
    vary === undefined
      ? []
      : String(vary)
          .split(",")
          .map((v) => v.trim());
  if (values.some((v) => v.toLowerCase() === "accept-encoding")) return;
  reply.header("Vary", [...values, "accept-encoding"].join(", "));
}
