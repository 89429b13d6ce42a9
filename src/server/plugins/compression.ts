import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { varyByEncoding } from "../lib/etag";

// Answers made per request (JSON, the page shell, the sitemap) are compressed on the fly when the client
// accepts it. Built files are not: vite writes .br and .gz copies beside them and the static plugin sends
// those as they are (app.ts, preCompressed), so no request spends time on them (ADR 032).

/** Smaller answers go out as they are: the encoding's header and framing would eat what it saves. */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * Brotli's quality for answers compressed per request. 11, the default, costs tens of milliseconds on a
 * browse page; 4 takes about as long as gzip's default level and still writes a smaller body
 * (docs/performance.md, "Transfer sizes and compression").
 */
const BROTLI_QUALITY = 4;
const SYNC_COMPRESSION_LIMIT = 64 * 1024;
const ENCODINGS: ("br" | "gzip")[] = ["br", "gzip"];
/**
 * JSON (and +json), HTML and XML; the library adds every type its MIME table calls compressible
 * (scripts, styles, CSV). The size threshold holds for bodies held whole; a stream (the CSV export, a
 * static file without a copy) is compressed as it flows, whatever its length. Binary types (the account
 * export's ZIP, images) are sent as they are.
 */
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/html|(?:application|text)\/xml)(?:;|$)/;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

/** Registered before any route: @fastify/compress adds its hook to each route as it is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ENCODINGS,
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
    customTypes: COMPRESSIBLE,
    // Bodies up to 64 KB (a browse page is about 15 KB) are compressed in one synchronous call rather
    // than through a zlib stream on the thread pool: on two cores there is no spare core for the pool to
    // win back the stream's setup, which cost more than the compression itself (docs/performance.md).
    syncThreshold: SYNC_COMPRESSION_LIMIT,
    // Request bodies stay what the routes read today: a compressed upload is not something clients send.
    globalDecompression: false,
  });

  // The not-found handler (the page shell for every client route, plugins/errors.ts) is no route, so
  // @fastify/compress never sees it. Its answers are compressed here, the same way.
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.is404 || typeof payload !== "string" || reply.hasHeader("content-encoding")) {
      return payload;
    }
    const encoding = encodingFor(request, reply, payload);
    if (!encoding) return payload;
    return sendCompressed(reply, encoding, compressBody(payload, encoding));
  });
}

type Encoding = (typeof ENCODINGS)[number];

/**
 * The encoding a string body goes out in, as @fastify/compress would choose it; null: as it is (a type
 * not compressed, a body below the threshold, a client that takes neither encoding).
 */
function encodingFor(request: FastifyRequest, reply: FastifyReply, body: string): Encoding | null {
  const type = reply.getHeader("content-type");
  if (typeof type !== "string" || !COMPRESSIBLE.test(type)) return null;
  if (Buffer.byteLength(body) < COMPRESSION_THRESHOLD) return null;
  if (request.headers["x-no-compression"] !== undefined) return null;
  const encoding = negotiate(request.headers["accept-encoding"] ?? "", ENCODINGS);
  return encoding === "br" || encoding === "gzip" ? encoding : null;
}

const compressBody = (body: string, encoding: Encoding): Buffer =>
  encoding === "br" ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body);

function sendCompressed(reply: FastifyReply, encoding: Encoding, body: Buffer): Buffer {
  varyByEncoding(reply);
  reply.header("Content-Encoding", encoding).header("Content-Length", body.length);
  return body;
}

/**
 * Compressed bodies of answers that are the same for every visitor (the public ETag's), by encoding and
 * tag: the directory's first page is asked for by every visitor, and compressing it again for each
 * cost about a fifth of the compressed request's CPU (docs/performance.md). The least recently used
 * go first.
 */
const sharedBodies = new LRUCache<string, Buffer>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (body) => body.length,
});

/**
 * `body` compressed as the client accepts it, made once per tag and encoding; the body as it is when
 * the client takes no encoding or it is too small to gain. Only for a body every visitor gets alike
 * (tagged by lib/etag.ts): a body of one user's must never be kept.
 */
export function compressShared(request: FastifyRequest, reply: FastifyReply, body: string, etag: string) {
  const encoding = encodingFor(request, reply, body);
  if (!encoding) return body;
  const key = `${encoding} ${etag}`;
  let compressed = sharedBodies.get(key);
  if (!compressed) {
    compressed = compressBody(body, encoding);
    sharedBodies.set(key, compressed);
  }
  return sendCompressed(reply, encoding, compressed);
}

/** How many compressed bodies are kept (for tests). */
export const sharedBodiesKept = () => sharedBodies.size;
