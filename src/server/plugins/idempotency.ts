import { createHash, type Hash } from "node:crypto";
import { Transform } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { ERROR_CODES } from "../../shared/errors";
import { LISTING_SYNC_MESSAGES } from "../../shared/schemas/listing-sync";
import { idempotencyKeys } from "../db/schema";
import { AppError } from "../lib/app-error";
import { apiErrors } from "./errors";

// Idempotency-Key on the public API's POSTs (docs/api.md#retries): a retry with the same key and body
// gets the first answer again instead of doing the work twice.
//
// The first request under a key claims it with a row (user, key, request hash; no status yet), runs,
// and stores its answer when the status is below 500. A 5xx (or a request that ends without an answer)
// deletes the row, so a retry runs again: it may succeed where the first one failed. Housekeeping deletes
// rows a day old (features/housekeeping), so a key is good for 24 hours. Keys are per user: the guard ran
// before these hooks, and only a signed-in viewer's requests are considered.
//
// A replay is answered after the guard, so the guard's checks hold for it as for the first request: the
// viewer signed in, the route's access level, the key's scope under the user's current role. What a
// handler checks itself is not run again, so a route whose answer depends on such a check (a contact's
// Premium) takes no key at all (`publicApi.checksEntitlement`), nor does one that answers a secret.

/** 1 to 255 visible ASCII characters (no spaces): what clients send (UUIDs, random strings). */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
const REPLAYED_HEADER = "Idempotent-Replayed";

interface Claim {
  key: string;
  /** Fed with the method, the URL and the raw body as it streams in; read once the body is parsed. */
  hash: Hash;
  /** This request holds the row (the first under its key) and must store or release it. */
  owner: boolean;
  settled: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotency?: Claim;
  }
}

/** A malformed key, a key whose first request still runs, a key sent again with another request. */
const KEY_ERRORS = ["validation", "conflict", "unprocessable"] as const;
const KEY_ERROR_ANSWERS: Record<string, unknown> = apiErrors(...KEY_ERRORS);

/**
 * Whether a route takes the header: a POST of the public API whose answer may be replayed (isReplayable).
 * The OpenAPI document states it by the same rule (plugins/openapi.ts).
 */
export function takesIdempotencyKey(route: Pick<RouteOptions, "method" | "config">): boolean {
  return isReplayable(route.config?.publicApi) && [route.method].flat().includes("POST");
}

/**
 * Every POST of the public API may answer KEY_ERRORS, whatever its own errors: its response schema (and
 * so the OpenAPI document) gets those it does not already list. Each of these statuses has that one code.
 */
function declareKeyErrors(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response || !takesIdempotencyKey(route)) return;
  const added = Object.fromEntries(
    KEY_ERRORS.map((code) => String(ERROR_CODES[code])).map((status) => [status, KEY_ERROR_ANSWERS[status]]),
  );
  route.schema = { ...route.schema, response: { ...added, ...response } };
}

/**
 * Whether the route's answers may be stored for a replay: not a secret answered once, nor an answer given
 * under an entitlement the handler checks. Those routes ignore the header.
 */
function isReplayable(publicApi: NonNullable<RouteOptions["config"]>["publicApi"]): boolean {
  return publicApi !== undefined && !publicApi.answersSecret && !publicApi.checksEntitlement;
}

function appliesTo(request: FastifyRequest): boolean {
  return (
    request.method === "POST" &&
    takesIdempotencyKey(request.routeOptions) &&
    request.viewer !== null &&
    request.headers[IDEMPOTENCY_KEY_HEADER] !== undefined
  );
}

export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest("idempotency", undefined);
  app.addHook("onRoute", declareKeyErrors);
  // The hash covers the raw bytes, so it is taken as the body streams past the parser: the same
  // request sent twice hashes the same, and any change to the body, the path or the query does not.
  app.addHook("preParsing", async (request, _reply, payload) => {
    if (!appliesTo(request)) return payload;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof key !== "string" || !KEY_FORMAT.test(key)) {
      throw new AppError("validation", LISTING_SYNC_MESSAGES.idempotencyKeyInvalid);
    }
    const hash = createHash("sha256").update(`${request.method}\n${request.url}\n`);
    request.idempotency = { key, hash, owner: false, settled: false };
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    payload.on("error", (error) => hashing.destroy(error));
    return payload.pipe(hashing);
  });

  // After validation: a request refused as invalid claims nothing, and its retry is judged afresh.
  app.addHook("preHandler", async (request, reply) => {
    const claim = request.idempotency;
    const viewer = request.viewer;
    if (!claim || !viewer) return;
    const requestHash = claim.hash.digest("hex");
    const [claimed] = await app.db
      .insert(idempotencyKeys)
      .values({ userId: viewer.id, key: claim.key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      claim.owner = true;
      return;
    }
    const [first] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, viewer.id), eq(idempotencyKeys.key, claim.key)));
    // Gone in between: the first request failed and released it just now. The next retry will run.
    if (!first) throw new AppError("conflict", LISTING_SYNC_MESSAGES.idempotencyInProgress);
    if (first.requestHash !== requestHash) {
      throw new AppError("unprocessable", LISTING_SYNC_MESSAGES.idempotencyKeyReused);
    }
    if (first.statusCode === null || first.responseBody === null) {
      throw new AppError("conflict", LISTING_SYNC_MESSAGES.idempotencyInProgress);
    }
    return reply
      .code(first.statusCode)
      .header(REPLAYED_HEADER, "true")
      .type("application/json; charset=utf-8")
      .send(first.responseBody);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim?.owner || claim.settled || !request.viewer) return payload;
    claim.settled = true;
    const where = and(eq(idempotencyKeys.userId, request.viewer.id), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode < 500 && typeof payload === "string") {
      await app.db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, responseBody: payload })
        .where(where);
    } else {
      await app.db.delete(idempotencyKeys).where(where);
    }
    return payload;
  });

  // A request that ended without an answer (the client went away mid-handler) must not hold its key.
  app.addHook("onResponse", async (request) => {
    const claim = request.idempotency;
    if (!claim?.owner || claim.settled || !request.viewer) return;
    claim.settled = true;
    await app.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, request.viewer.id), eq(idempotencyKeys.key, claim.key)));
  });
}
