import type { FastifyServerOptions } from "fastify";
import type { TrustProxy } from "../config";

/**
 * TRUST_PROXY as Fastify's `trustProxy` (docs/operations.md). The client address (`request.ip`) feeds
 * the per-IP sign-in limit and the anonymous view count, so only the proxies the operator names may
 * set it through X-Forwarded-For:
 * - nothing configured: the socket's address; every X-Forwarded-For is ignored;
 * - a list of addresses/CIDRs: hops from those addresses are skipped, the first other one is the client;
 * - a hop count N: the N nearest hops are believed, whoever they are. Safe only when the app cannot be
 *   reached except through those proxies (Fastify 5 reads a bare number as "trust nothing", hence the
 *   function, which is Express's meaning of a hop count).
 */
export function trustProxyOption(setting: TrustProxy): FastifyServerOptions["trustProxy"] {
  if (setting === false) return false;
  if (typeof setting === "number") {
    const hops = setting;
    return (_address: string, hop: number) => hop < hops;
  }
  return setting;
}
