import type { FastifyInstance } from "fastify";
import { etagOf, sendWithEtag } from "../lib/etag";
import { compressShared } from "./compression";

/**
 * An ETag, and a bodiless 304 when the client holds that body already, on the answers of routes marked
 * `config: { publicEtag: true }` given to a signed-out visitor: those are the same for every visitor.
 * Never on a signed-in or API-key answer, which carries that user's contacts and state (ADR 032).
 *
 * An app-level onSend hook runs before any route's own, so the tag is taken from the serialized body
 * before @fastify/compress (a route hook) would encode it: one tag whatever the encoding. The body is
 * compressed here instead, once per tag (compressShared), and @fastify/compress leaves an encoded body.
 */
export function registerPublicEtag(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.routeOptions.config?.publicEtag || request.viewer !== null) return payload;
    if (reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const etag = etagOf(payload);
    const sent = sendWithEtag(request, reply, payload, etag);
    // A 304 of JSON carries no type: a client (or a validating proxy) would parse its empty body as JSON.
    if (sent === null) {
      reply.removeHeader("content-type");
      return null;
    }
    // The same body for every visitor: compressed once per tag (@fastify/compress leaves it then).
    return compressShared(request, reply, payload, etag);
  });
}
