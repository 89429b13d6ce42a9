import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from "fastify";
import { type ApiKeyScope, MESSAGES } from "../../shared/constants";
import { API_KEY_MESSAGES } from "../../shared/schemas/api-keys";
import type { CurrentUser } from "../../shared/schemas/auth";
import type { Db } from "../db/client";
import { AppError } from "../lib/app-error";
import { bearerToken } from "../lib/bearer-token";
import { consumeRateLimit } from "../lib/rate-limit";
import { API_KEY_QUERY_PARAMS } from "../lib/secret-query-params";
import { readCurrentUser } from "../lib/viewer";

// Deny by default (ADR 007). Every /api route declares who may call it in its config:
//   public    anyone; `request.viewer` is the signed-in user (the current-user read) or null
//   signedIn  401 {code: "unauthorized"} when signed out
//   admin     as signedIn, then 403 {code: "admin_required"} for anyone but an admin
// A route that declares nothing is treated as signedIn, and the route-table test fails on it.
//
// A request with `Authorization: Bearer <key>` is signed in with that personal API key alone (the
// session cookie, if sent too, is ignored): an unknown or revoked key is 401, a user over the rate limit
// of their keys 429, a route outside the public API (no `config.publicApi`, or `scope: null`) 403, a key
// without the route's scope 403 (its scopes capped by its user's current role); then the access level
// applies to the key's user as to a signed-in one. A key in the query string (?api_key=, ?access_token=,
// ?key=) is 400: keys go in the Authorization header only. Any other
// scheme is no key at all (the request is read as it would be without the header): a staging site
// behind a proxy's Basic auth must still reach the app with its cookie.

// Writes in the app (a session's POST, PUT, PATCH, DELETE) are counted per user, all sessions together,
// against config.sessionWriteRateLimit a minute: far above what a person clicks, it stops a script that
// borrowed a cookie from writing without end. Reads are not counted: the signed-in pages read freely,
// and a signed-out request never reaches this (no query is added to the plain directory page).
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_WRITE_WINDOW_SECONDS = 60;

const ACCESS_LEVELS = ["public", "signedIn", "admin"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** A personal API key read for a request: its user, its scopes and the user's rate window. */
export interface AuthenticatedApiKey {
  user: CurrentUser;
  /** `scopes`: the key's, less those its user's current role may not give. */
  key: { id: string; scopes: readonly ApiKeyScope[] };
  /**
   * Requests of the user's keys (all of them) in the current window, this one included, and the
   * seconds until it ends.
   */
  window: { count: number; resetSeconds: number };
}

/**
 * How the guard reads a Bearer key. The keys are the auth feature's (features/auth/api-keys.ts), and a
 * plugin imports no feature, so app.ts hands the reader in.
 */
export interface ApiKeyReader {
  authenticate(input: { db: Db; key: string; ip: string | null }): Promise<AuthenticatedApiKey | null>;
  /** The length of the fixed window the user's requests are counted over, for RateLimit-Policy. */
  windowSeconds: number;
}

/** What an /api route without a declared access level gets at runtime: the safe side. */
const UNDECLARED_ACCESS: Access = "signedIn";

function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/");
}

/**
 * Registers the guard: once in buildApp, after the session plugin and before any route, so it sees
 * every route and runs after the session is loaded. It records every /api route (the route table the
 * access test walks), reads the viewer, and refuses what the route's access level does not allow, in
 * onRequest: before the body is even parsed.
 */
export function registerAccessGuard(app: FastifyInstance, apiKeys: ApiKeyReader): void {
  app.decorateRequest("viewer", null);
  const apiRoutes: RouteOptions[] = [];
  app.decorate("apiRoutes", apiRoutes);

  app.addHook("onRoute", (route) => {
    if (!isApiPath(route.url)) return;
    // A handler written for a present viewer must never sit on a route anyone may call.
    if (route.config?.access === "public" && isViewerHandler(route.handler)) {
      throw new Error(`${describeRoute(route)} is public but its handler uses withViewer`);
    }
    // Kept by reference: an admin area sets the access level after this hook has run.
    apiRoutes.push(route);
  });

  app.addHook("onRequest", async (request, reply) => {
    if (request.is404 || !isApiPath(request.routeOptions.url ?? "")) return;
    refuseKeyInQuery(request);
    const key = bearerToken(request);
    if (key !== null) {
      await signInWithApiKey(request, reply, key, apiKeys);
    } else {
      const session = request.session;
      if (session?.userId) {
        // Read with the session in the same query; a session without that read is read here.
        request.viewer =
          session.loadedViewer !== undefined
            ? session.loadedViewer
            : await readCurrentUser({ db: request.server.db, userId: session.userId });
        if (request.viewer && !READ_METHODS.has(request.method)) {
          await consumeRateLimit({
            db: request.server.db,
            key: `session-writes:${request.viewer.id}`,
            limit: request.server.config.sessionWriteRateLimit,
            windowSeconds: SESSION_WRITE_WINDOW_SECONDS,
          });
        }
      }
    }
    const access = request.routeOptions.config.access ?? UNDECLARED_ACCESS;
    if (access === "public") return;
    if (!request.viewer) throw new AppError("unauthorized", MESSAGES.unauthorized);
    if (access === "admin" && request.viewer.role !== "admin") {
      throw new AppError("admin_required", MESSAGES.adminRequired);
    }
  });
}

/**
 * A key in the query string is refused (400), never used: a URL is written to access logs, proxies'
 * logs and browser histories, where a key would outlive its purpose. The request is not served as a
 * visitor either, so the client learns at once where the key belongs. Looked up by name in the parsed
 * query, which costs nothing when there is no query.
 */
function refuseKeyInQuery(request: FastifyRequest): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  for (const name of API_KEY_QUERY_PARAMS) {
    if (query[name] !== undefined) throw new AppError("validation", API_KEY_MESSAGES.keyInQuery);
  }
}

/**
 * The Bearer half of the guard: the key's user becomes the viewer, or the request is refused. Every
 * answer to a known key carries its rate window (the IETF RateLimit header fields), errors included.
 */
async function signInWithApiKey(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  apiKeys: ApiKeyReader,
): Promise<void> {
  const found = key
    ? await apiKeys.authenticate({ db: request.server.db, key, ip: request.ip || null })
    : null;
  if (!found) {
    throw new AppError("unauthorized", API_KEY_MESSAGES.keyInvalid, {
      headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
    });
  }
  const limit = request.server.config.apiRateLimit;
  const { count, resetSeconds } = found.window;
  reply.headers({
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, limit - count)),
    "RateLimit-Reset": String(resetSeconds),
    "RateLimit-Policy": `${limit};w=${apiKeys.windowSeconds}`,
  });
  if (count > limit) {
    throw new AppError("rate_limited", API_KEY_MESSAGES.rateLimited, {
      headers: { "Retry-After": String(resetSeconds) },
    });
  }
  const publicApi = request.routeOptions.config.publicApi;
  if (!publicApi?.scope) throw new AppError("forbidden", API_KEY_MESSAGES.routeNotForKeys);
  if (!found.key.scopes.includes(publicApi.scope)) {
    throw new AppError("forbidden", API_KEY_MESSAGES.scopeMissing(publicApi.scope));
  }
  request.viewer = found.user;
}

/** "GET /api/x" for each /api route of the app that declares no access level (the route-table test). */
export function routesWithoutAccess(app: FastifyInstance): string[] {
  return app.apiRoutes.filter((route) => !route.config?.access).map(describeRoute);
}

function describeRoute(route: RouteOptions): string {
  return `${[route.method].flat().join(",")} ${route.url}`;
}

/**
 * Admin access declared once for a whole group of routes: every route registered inside is admin-only.
 * `app.register(adminArea(adminRoutes, reviewAdminRoutes), { prefix: "/api/admin" })`.
 */
export function adminArea(...groups: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (area) => {
    area.addHook("onRoute", (route) => {
      const declared = route.config?.access;
      if (declared && declared !== "admin") {
        throw new Error(`${describeRoute(route)} is in an admin area but declares access "${declared}"`);
      }
      route.config = { ...route.config, access: "admin" };
    });
    for (const routes of groups) await area.register(routes);
  };
}

// ---- the typed viewer for handlers -------------------------------------------------------------------

type Handler<
  Route extends RouteGenericInterface,
  Config,
  Schema extends FastifySchema,
  TypeProvider extends FastifyTypeProvider,
> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  Route,
  Config,
  Schema,
  TypeProvider,
  FastifyBaseLogger
>;

const VIEWER_HANDLER = Symbol("viewerHandler");

function isViewerHandler(handler: unknown): boolean {
  return typeof handler === "function" && VIEWER_HANDLER in handler;
}

/**
 * The handler of a signedIn or admin route, given the viewer as present:
 * `app.post(url, { config: { access: "signedIn" }, schema }, withViewer(async (req, reply, viewer) => ...))`.
 * Request, reply and return stay typed by the route's schema. The guard has refused every request
 * without a viewer before the handler runs (an undeclared route counts as signedIn), and a withViewer
 * handler on a public route fails at registration; the check inside is the last line, never the rule.
 */
export function withViewer<
  Route extends RouteGenericInterface,
  Config,
  Schema extends FastifySchema,
  TypeProvider extends FastifyTypeProvider,
>(
  handler: (
    request: Parameters<Handler<Route, Config, Schema, TypeProvider>>[0],
    reply: Parameters<Handler<Route, Config, Schema, TypeProvider>>[1],
    viewer: CurrentUser,
  ) => ReturnType<Handler<Route, Config, Schema, TypeProvider>>,
): Handler<Route, Config, Schema, TypeProvider> {
  const guarded: Handler<Route, Config, Schema, TypeProvider> = (request, reply) => {
    const viewer = request.viewer;
    if (!viewer) throw new AppError("unauthorized", MESSAGES.unauthorized);
    return handler(request, reply, viewer);
  };
  return Object.assign(guarded, { [VIEWER_HANDLER]: true });
}
