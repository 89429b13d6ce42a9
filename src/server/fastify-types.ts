import type { AppConfig } from "./config";
import type { Database, Db } from "./db/client";
import type { Mailer } from "./lib/mailer";

// Type augmentations for the decorations app.ts adds. Imported once by app.ts.
declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    mailer: Mailer;
  }
  interface FastifyContextConfig {
    /** Routes called by other sites on purpose (the Stripe webhook) skip the Origin check. */
    allowForeignOrigin?: boolean;
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
  }
}
