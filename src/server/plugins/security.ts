import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { AppConfig } from "../config";
import { AppError } from "../lib/app-error";
import { bearerToken } from "../lib/bearer-token";

// A sentence a person can act on: it is shown as it is, e.g. on the sign-in card.
const CROSS_SITE_MESSAGE =
  "This request came from another site, so it was refused. Open the app at its own address and try again.";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Stripe.js is the only third party the pages load (Stripe's Payment Element on /subscribe); these
// are the sources Stripe's security guide lists for Stripe.js and its Elements frames. With simulated
// payments no page loads it, so the policy names none of Stripe's hosts.
const STRIPE_JS = ["https://js.stripe.com", "https://*.js.stripe.com"];

/**
 * The browser features a page may use: none of the devices or sensors (nothing in the app asks for them,
 * so a script that got in cannot either), and payments only here and in Stripe's frames, where the
 * Payment Element offers Apple Pay and Google Pay through the Payment Request API. Set on every page
 * answer as it is.
 */
function permissionsPolicy(stripeJs: boolean): string {
  return [
    "accelerometer=()",
    "camera=()",
    "display-capture=()",
    "geolocation=()",
    "gyroscope=()",
    "hid=()",
    "magnetometer=()",
    "microphone=()",
    "midi=()",
    stripeJs ? 'payment=(self "https://js.stripe.com")' : "payment=(self)",
    "serial=()",
    "usb=()",
  ].join(", ");
}

/**
 * helmet's headers for our settings, computed once: they are the same on every response (no nonces),
 * so running its middleware per request only re-did the work.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export function registerSecurity(app: FastifyInstance, config: AppConfig): void {
  const hsts = config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false;
  const stripeJs = config.payments === "stripe";
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripeJs ? STRIPE_JS : [])],
        // Radix and Stripe set inline styles on elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'", ...(stripeJs ? ["https://api.stripe.com"] : [])],
        frameSrc: stripeJs ? [...STRIPE_JS, "https://hooks.stripe.com"] : ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // HSTS only where the site is served over HTTPS for real.
    strictTransportSecurity: hsts,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  pageHeaders["permissions-policy"] = permissionsPolicy(stripeJs);
  // JSON is never rendered as a page: the page policy (sources for scripts, styles, frames, the opener
  // and embedder policies...) does nothing there. A JSON answer gets
  // what still matters for it: no sniffing, no framing, no loading by other sites, the referrer rule
  // and HSTS (fewer headers to write on the hottest responses).
  const apiHeaders: Record<string, string> = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(pageHeaders["strict-transport-security"]
      ? { "strict-transport-security": pageHeaders["strict-transport-security"] }
      : {}),
  };
  // Chosen by what the answer is, not by its URL: /api/logout can answer a page (its confirmation).
  app.addHook("onSend", (_request, reply, payload, done) => {
    const type = reply.getHeader("content-type");
    const isJson = typeof type === "string" && type.startsWith("application/json");
    reply.headers(isJson ? apiHeaders : pageHeaders);
    done(null, payload);
  });

  const ownOrigins = new Set(config.siteOrigins);
  // Cookies are SameSite=Lax, and on top of that a mutation from another site is refused outright.
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.allowForeignOrigin) return;
    // A request with an API key (Authorization: Bearer) is signed in by that key alone: the guard ignores
    // any cookie on it, so another site gains nothing by making one. And a browser page cannot send an
    // Authorization header to another origin without a CORS preflight, which this app never grants: a
    // Bearer request that passes is a program's (a script, a server, curl), where Origin proves nothing.
    if (bearerToken(request) !== null) return;
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
