import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { AppConfig } from "../config";
import { AppError } from "../lib/app-error";

// A sentence a person can act on: it is shown as it is (issue #12), e.g. on the sign-in card.
export const CROSS_SITE_MESSAGE =
  "This request came from another site, so it was refused. Open the app at its own address and try again.";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Stripe.js is the only third party the pages load (DESIGN.md §3: Payment Element on /subscribe); these
// are the sources Stripe's security guide lists for Stripe.js and its Elements frames.
const STRIPE_JS = ["https://js.stripe.com", "https://*.js.stripe.com"];

export function registerSecurity(app: FastifyInstance, config: AppConfig): void {
  // helmet's middleware is built once here; @fastify/helmet rebuilt it (re-parsing the CSP) on every
  // request, a measurable share of a browse request's CPU (docs/performance.md).
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...STRIPE_JS],
        // Radix and Stripe set inline styles on elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'", "https://api.stripe.com"],
        frameSrc: [...STRIPE_JS, "https://hooks.stripe.com"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // HSTS only where the site is served over HTTPS for real.
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });

  const ownOrigins = new Set(config.siteOrigins);
  // Cookies are SameSite=Lax, and on top of that a mutation from another site is refused outright.
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.allowForeignOrigin) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    if ((origin && !ownOrigins.has(origin)) || site === "cross-site") {
      throw new AppError("forbidden", CROSS_SITE_MESSAGE);
    }
  });
}

/**
 * Every answer of the routes plugin `app` is about one person (profiles, contacts, deals, admin data):
 * never stored by a browser or a proxy. Call it first in the plugin; it holds for that plugin only.
 */
export function answersArePrivate(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "private, no-store");
  });
}
