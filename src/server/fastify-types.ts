import type { Server } from "node:http";
import type { RouteOptions } from "fastify";
import type { ApiKeyScope, SignInMethod } from "../shared/constants";
import type { CurrentUser } from "../shared/schemas/auth";
import type { MarketFigures } from "../shared/schemas/market-figures";
import type { AppConfig } from "./config";
import type { Database, Db } from "./db/client";
import type { JobQueue } from "./jobs/job-queue";
import type { MailQueue } from "./jobs/mail";
import type { Mailer } from "./lib/mailer";
import type { AppMetrics } from "./lib/metrics";
import type { SmsSender } from "./lib/sms";
import type { StripeClient } from "./lib/stripe";
import type { Access } from "./plugins/access-guard";

// Type augmentations for the decorations app.ts adds. Imported once by app.ts.
declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** The SMTP (or outbox) transport: only the mail jobs call it (jobs/mail.ts). */
    mailer: Mailer;
    /** Where features queue their mails, inside the transaction of the change (jobs/mail.ts). */
    mailQueue: MailQueue;
    /** Background jobs through pg-boss (jobs/job-queue.ts). */
    jobs: JobQueue;
    /** The Stripe client, built once from the config; undefined when payments are not configured. */
    stripe: StripeClient | undefined;
    /** Texts (lib/sms.ts): Twilio, the development outbox, or undefined when SMS is not set up. */
    sms: SmsSender | undefined;
    /** The time as the app reads it for SMS quiet hours and caps and webhook retries (tests set it; else the real clock). */
    now: () => Date;
    /** Every /api route as registered, recorded by the access guard (plugins/access-guard.ts). */
    apiRoutes: RouteOptions[];
    /**
     * The directory's public figures, read at most once a minute (features/listings/market-figures.ts):
     * one cache for GET /api/stats/public and the landing page the server draws, so the two agree.
     */
    marketFigures: () => Promise<MarketFigures>;
    /** The app's Prometheus series (lib/metrics.ts). */
    metrics: AppMetrics;
    /** The listener serving /metrics on METRICS_PORT (plugins/metrics.ts), not yet listening; else null. */
    metricsServer: Server | null;
    /** From now on readiness answers 503 and every answer closes its connection (shutdown, app.ts). */
    startDraining: () => void;
    /** Whether the instance is shutting down: /api/ready then tells load balancers to go elsewhere. */
    isDraining: () => boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the access guard before any handler; null when signed out. */
    viewer: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (deny by default: see plugins/access-guard.ts). */
    access?: Access;
    /** Routes called by other sites on purpose (the Stripe webhook) skip the Origin check. */
    allowForeignOrigin?: boolean;
    /**
     * A signed-out visitor's answer is the same for every visitor: it gets an ETag and a 304 when the
     * client holds it already (plugins/public-etag.ts). Signed-in and API-key answers never do.
     */
    publicEtag?: true;
    /** The Prometheus scrape: left out of the request series it reports (plugins/metrics.ts). */
    scrape?: boolean;
    /**
     * Part of the public API (docs/api.md): the route is in the OpenAPI document, and an API key holding
     * `scope` may call it. `scope: null`: documented, but only for a signed-in browser (the API keys'
     * own routes). A route without it refuses every API key.
     */
    publicApi?: {
      scope: ApiKeyScope | null;
      /**
       * The answer holds a secret shown once (a new key, a webhook's signing secret): it takes no
       * Idempotency-Key, since keeping the answer for a replay would keep the secret (plugins/idempotency.ts).
       */
      answersSecret?: true;
      /**
       * The answer is given under an entitlement the handler checks (Premium, or an accepted deal, for a
       * contact): it takes no Idempotency-Key either, so a retry is checked again instead of replaying
       * what the caller may no longer see (plugins/idempotency.ts).
       */
      checksEntitlement?: true;
    };
  }
}

declare module "@fastify/session" {
  interface FastifySessionObject {
    userId?: string;
    /** Epoch ms when the user signed in: the absolute timeout counts from here. */
    signedInAt?: number;
    /** Epoch ms of the last idle-timeout extension, written at most hourly. */
    touchedAt?: number;
    /** OIDC flow state between /api/login and the callback. */
    oidc?: { state: string; nonce: string; codeVerifier: string; returnTo: string };
    /**
     * The signed-in user as read with the session row in the same query (plugins/session.ts), null when
     * disabled or gone; never stored. Undefined on a session made during this request.
     */
    loadedViewer?: CurrentUser | null;
    /**
     * The row's last_seen_at (epoch ms, null before the first write) as read with it; never stored in
     * the json. Undefined on a session made during this request.
     */
    lastSeenAt?: number | null;
    /** How, from where and with what this session was signed in: written to the row's columns, never the json. */
    signIn?: { method: SignInMethod; ip: string | null; userAgent: string | null };
  }
}
