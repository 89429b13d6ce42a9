import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import "./fastify-types";
import { authRoutes } from "./features/auth/auth.routes";
import { devRoutes } from "./features/dev/dev.routes";
import { systemRoutes } from "./features/system/system.routes";
import { createMailer, type Mailer } from "./lib/mailer";
import { registerErrorHandling } from "./plugins/errors";
import { registerSecurity } from "./plugins/security";
import { registerSessions } from "./plugins/session";

export const CLIENT_DIST = fileURLToPath(new URL("../../dist/client", import.meta.url));

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  mailer?: Mailer;
  /** Pino logger settings; tests pass false. */
  logger?: boolean | object;
}

/** Builds the whole app without listening (tests use app.inject; main.ts listens). */
export async function buildApp({
  config,
  database,
  mailer,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // Request logs carry method, url and status; never cookies, auth headers or session ids.
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
    trustProxy: config.isProduction,
    bodyLimit: 1024 * 1024,
    // Client errors (bad JSON, oversized bodies) reach the error handler, not a bare text answer.
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  const appMailer =
    mailer ?? createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  app.decorate("mailer", appMailer);
  app.addHook("onClose", async () => appMailer.close());

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await registerSessions(app, config);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  if (config.isDevelopment) await app.register(devRoutes);

  // The built single-page app; index.html for every non-API path (client-side routing, 404 page).
  await app.register(fastifyStatic, {
    root: existsSync(CLIENT_DIST) ? CLIENT_DIST : fileURLToPath(new URL("./missing-build", import.meta.url)),
    wildcard: false,
    index: false,
    // Hashed assets never change; index.html must always be re-read.
    setHeaders: (res, path) => {
      res.setHeader(
        "Cache-Control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  return app;
}
