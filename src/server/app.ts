import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { PageRenderer } from "../shared/page-render";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import "./fastify-types";
import { ACCOUNT_EXPORT_PARTS } from "./account-export-parts";
import { accountRoutes } from "./features/account/account.routes";
import { apiKeyRoutes } from "./features/account/api-keys.routes";
import { accountSessionRoutes } from "./features/account/sessions.routes";
import { adminRoutes } from "./features/admin/admin.routes";
import { registerAlertJobs } from "./features/alerts/alert-jobs";
import { alertRoutes } from "./features/alerts/alerts.routes";
import { apiKeyReader } from "./features/auth/api-keys";
import { authRoutes } from "./features/auth/auth.routes";
import { registerBoostJobs } from "./features/boosts/boost-reminders";
import { boostAdminRoutes, boostRoutes } from "./features/boosts/boosts.routes";
import {
  buyerVerificationAdminRoutes,
  buyerVerificationRoutes,
} from "./features/buyer-verification/buyer-verification.routes";
import { systemTxtResolver, type TxtResolver } from "./features/buyer-verification/domain-proof";
import { registerBuyerVerificationJobs } from "./features/buyer-verification/renewal-reminders";
import { buyerRoutes } from "./features/buyers/buyers.routes";
import { dealIntentRoutes } from "./features/deal-intents/deal-intents.routes";
import { devRoutes } from "./features/dev/dev.routes";
import { disputeAdminRoutes, disputeRoutes } from "./features/disputes/disputes.routes";
import { registerHousekeepingJobs } from "./features/housekeeping/housekeeping";
import { listingImportRoutes } from "./features/listing-import/listing-import.routes";
import { listingRoutes } from "./features/listings/listings.routes";
import { cachedMarketFigures } from "./features/listings/market-figures";
import { onboardingRoutes } from "./features/onboarding/onboarding.routes";
import {
  simulatedPaymentAdminRoutes,
  simulatedPaymentRoutes,
} from "./features/payment-simulation/simulated-payments.routes";
import type { StripeSimulator } from "./features/payment-simulation/stripe-simulator";
import { publisherRoutes } from "./features/publishers/publishers.routes";
import { registerReliabilityJobs } from "./features/reliability/refresh-reliability";
import { reviewAdminRoutes, reviewRoutes } from "./features/reviews/reviews.routes";
import {
  createPageShell,
  loadPageRenderer,
  readModulePreloads,
  readPageTemplate,
} from "./features/seo/page-shell";
import { seoRoutes } from "./features/seo/seo.routes";
import { smsAdminRoutes, smsRoutes } from "./features/sms/sms.routes";
import { registerSmsJobs } from "./features/sms/sms-alert-jobs";
import { registerSmsReplyJob } from "./features/sms/sms-inbound";
import { subscriptionRoutes } from "./features/subscriptions/subscriptions.routes";
import { publicConfigOf } from "./features/system/public-config";
import { systemRoutes } from "./features/system/system.routes";
import { registerWebhookJobs } from "./features/webhooks/webhook-delivery";
import { webhookRoutes } from "./features/webhooks/webhooks.routes";
import { countJobs, JobQueue } from "./jobs/job-queue";
import { MailQueue, registerMailJobs } from "./jobs/mail";
import { QUEUE_NAMES } from "./jobs/queues";
import { createMailer, type Mailer } from "./lib/mailer";
import { countMails, createMetrics } from "./lib/metrics";
import { compiledSerializer } from "./lib/serializer";
import { createSmsSender } from "./lib/sms";
import { createStripeClient } from "./lib/stripe";
import { SERVER_ONLY_FOLDERS, servedClientDir } from "./paths";
import { adminArea, registerAccessGuard } from "./plugins/access-guard";
import { registerBusyGuard } from "./plugins/busy-guard";
import { registerCompression } from "./plugins/compression";
import { answerFrameworkError, registerErrorHandling } from "./plugins/errors";
import { registerIdempotency } from "./plugins/idempotency";
import { loggerOptions, RequestLogController } from "./plugins/logging";
import { createMetricsServer, registerMetrics } from "./plugins/metrics";
import { registerOpenApi } from "./plugins/openapi";
import { trustProxyOption } from "./plugins/proxy";
import { registerPublicEtag } from "./plugins/public-etag";
import { registerSecurity } from "./plugins/security";
import { registerSessions } from "./plugins/session";

interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  mailer?: Mailer;
  /** false: no logs (most tests); an object: added to the pino settings (a test's stream, say). */
  logger?: false | object;
  /** The built client to serve (tests pass a folder of their own); the build dist/client names at start-up by default. */
  clientDir?: string;
  /**
   * What draws the public pages on the server: by default the client build's own server entry, when the
   * build has one; null draws every page in the browser (the server tests, unless they bring one).
   */
  pageRenderer?: PageRenderer | null;
  /** The clock SMS quiet hours and caps and webhook retries read (tests move it); the real one by default. */
  now?: () => Date;
  /** DNS TXT lookups of the buyers' domain proof (tests answer from a table); the system's DNS by default. */
  resolveTxt?: TxtResolver;
  /**
   * The simulated provider, with PAYMENTS=simulated (server.ts starts it; config.stripe points at it):
   * its card form and billing portal get their routes.
   */
  paymentSimulator?: StripeSimulator;
}

export { redactUrl } from "./plugins/logging";

/** Builds the whole app without listening (tests use app.inject; main.ts listens). */
export async function buildApp({
  config,
  database,
  mailer,
  logger,
  clientDir = servedClientDir(),
  pageRenderer,
  now = () => new Date(),
  resolveTxt = systemTxtResolver(config.verifyDnsServers),
  paymentSimulator,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // What a log line may carry, and what never: plugins/logging.ts.
    logger: logger === false ? false : loggerOptions(config, logger),
    logController: new RequestLogController(),
    // The client address comes from the socket unless TRUST_PROXY names the proxies: a
    // client could otherwise choose its own address with X-Forwarded-For.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Bad URLs the router refuses get {message, code} too.
    frameworkErrors: answerFrameworkError,
    // A request that reaches us while the server closes is served (see the drain below): Fastify's
    // default would answer it 503, which a proxy passes on to the client instead of retrying.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializer({ validate: config.isDevelopment }));

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("marketFigures", cachedMarketFigures(database.db));
  // Prometheus series (lib/metrics.ts): one registry per app; served at /metrics with METRICS_TOKEN.
  const metrics = createMetrics({
    database,
    countJobs: () => countJobs(database.db),
    queues: QUEUE_NAMES,
    serve: config.metrics !== undefined,
  });
  app.decorate("metrics", metrics);
  app.decorate(
    "metricsServer",
    config.metrics?.port === undefined ? null : createMetricsServer(app, config.metrics.token, metrics),
  );
  // Every mail counted, sent or failed, whoever sends it.
  const appMailer = countMails(
    mailer ?? createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom }),
    metrics,
  );
  app.decorate("mailer", appMailer);
  app.decorate("stripe", createStripeClient(config.stripe));
  app.decorate(
    "sms",
    await createSmsSender({
      db: database.db,
      twilio: config.twilio,
      isProduction: config.isProduction,
      appUrl: config.appUrl,
      outboxAuthToken: config.smsOutboxAuthToken,
    }),
  );
  app.decorate("now", now);
  // The job queue (jobs/job-queue.ts): sending works at once; main.ts starts the workers and schedules,
  // tests run the jobs themselves. Stopped before the mailer closes, so a running job can finish its mail.
  const jobs = new JobQueue({ database, log: app.log });
  registerMailJobs(jobs, { db: database.db, mailer: appMailer });
  registerAlertJobs(jobs, { db: database.db, mailer: appMailer, config }, config.alertDigestCrons);
  registerReliabilityJobs(jobs, database.db);
  registerHousekeepingJobs(jobs, database.db);
  const mailQueue = new MailQueue({ jobs, appUrl: config.appUrl, log: app.log });
  registerBoostJobs(jobs, {
    db: database.db,
    mailQueue,
    mail: { appName: config.appName, appUrl: config.appUrl },
  });
  registerBuyerVerificationJobs(jobs, {
    db: database.db,
    mailQueue,
    mail: { appName: config.appName, appUrl: config.appUrl },
    now,
  });
  registerSmsJobs(jobs, {
    db: database.db,
    sms: app.sms,
    now,
    appName: config.appName,
    appUrl: config.appUrl,
    mailQueue,
  });
  registerSmsReplyJob(jobs, { db: database.db, sms: app.sms });
  registerWebhookJobs(jobs, {
    db: database.db,
    mailQueue,
    now,
    appName: config.appName,
    appUrl: config.appUrl,
    allowPrivate: config.verifyAllowPrivate,
    allowLoopback: config.isDevelopment,
  });
  app.decorate("jobs", jobs);
  app.decorate("mailQueue", mailQueue);
  app.addHook("onClose", async () => {
    await jobs.stop();
    appMailer.close();
  });

  // First, so the timing covers every other hook.
  registerMetrics(app, config, metrics);
  // Next, before the session is read: a request turned away touches nothing.
  if (database.engine === "pglite") registerBusyGuard(app, config.pgliteMaxInFlight);

  // Graceful shutdown, in two steps (server.ts runs them on SIGTERM). startDraining(): readiness
  // answers 503, so a load balancer's health check takes this instance out, while every other request
  // is still served as usual; each answer closes its connection, so the balancer's pooled connections
  // go away one by one instead of being cut later. Then close() (preClose below) stops listening:
  // new connections are refused, which a proxy retries on another instance even for a POST, since
  // nothing was sent. A request already on an open connection is served, never answered 503 or
  // reset: a 503 would reach the client, because proxies retry it only when told to.
  let draining = false;
  app.decorate("startDraining", () => {
    draining = true;
  });
  app.decorate("isDraining", () => draining);
  app.addHook("preClose", async () => {
    draining = true;
  });
  // An answer sent before the request's body was read to its end (a refused upload, a guard's 401 on a
  // large POST) closes the connection too: the unread rest would otherwise sit in front of the next
  // request on a keep-alive connection, which then never gets its answer.
  app.addHook("onSend", async (request, reply) => {
    if (draining || request.raw.complete === false) reply.header("Connection", "close");
  });

  // A request with no body at all (`curl -X POST`, a fetch without one; an empty JSON body too) reads
  // as an empty object: a route whose body fields are all optional takes it, and one that needs a
  // field names that field instead of complaining that the body is null.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") done(null, undefined);
    else parseJson(request, body as string, done);
  });
  app.addHook("preValidation", async (request) => {
    if ((request.body === null || request.body === undefined) && request.routeOptions.schema?.body) {
      request.body = {};
    }
  });

  // Every page path: the built index.html, read once here, with each page's own head, and the public
  // pages drawn by the build's server entry (features/seo).
  registerErrorHandling(app, {
    answerPage: createPageShell({
      db: database.db,
      config,
      publicConfig: publicConfigOf(config),
      marketFigures: app.marketFigures,
      template: readPageTemplate(clientDir),
      modulePreloads: readModulePreloads(clientDir),
      renderer: pageRenderer === undefined ? await loadPageRenderer(clientDir) : pageRenderer,
    }),
  });
  registerSecurity(app, config);
  await registerSessions(app, config);
  // Before any route: it records every /api route and refuses what a route's access level does not allow.
  registerAccessGuard(app, apiKeyReader);
  // After the guard: a replayed answer is only ever given to the user who first got it.
  registerIdempotency(app);
  // After the guard, which reads the viewer the ETag depends on.
  registerPublicEtag(app);
  // Before any route: it adds its hook to each route as the route is added, after every app-level hook,
  // so what it compresses is the final body (the ETag above is taken before it).
  await registerCompression(app);
  // Before any route too: the document is made of the routes registered after it.
  await registerOpenApi(app);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(listingRoutes);
  await app.register(buyerRoutes);
  await app.register(buyerVerificationRoutes({ resolveTxt }));
  await app.register(dealIntentRoutes);
  await app.register(reviewRoutes);
  await app.register(disputeRoutes);
  await app.register(publisherRoutes);
  await app.register(onboardingRoutes);
  await app.register(subscriptionRoutes);
  await app.register(boostRoutes);
  await app.register(alertRoutes);
  await app.register(smsRoutes);
  await app.register(accountRoutes(ACCOUNT_EXPORT_PARTS));
  await app.register(accountSessionRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  const simulator = config.payments === "simulated" ? paymentSimulator : undefined;
  if (simulator) await app.register(simulatedPaymentRoutes(simulator));
  // Every route under /api/admin is admin-only, declared once (ADR 007): the console's own routes, the
  // CSV import and export, and the admin's side of reviews, disputes, boosts and SMS records.
  await app.register(
    adminArea(
      adminRoutes,
      listingImportRoutes,
      reviewAdminRoutes,
      disputeAdminRoutes,
      boostAdminRoutes,
      smsAdminRoutes,
      buyerVerificationAdminRoutes,
      ...(simulator ? [simulatedPaymentAdminRoutes(simulator)] : []),
    ),
    { prefix: "/api/admin" },
  );
  if (config.isDevelopment) await app.register(devRoutes);
  await app.register(seoRoutes);

  // The built single-page app; index.html for every non-API path (client-side routing, 404 page).
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build's .br and .gz copies (vite.config.ts), sent as they are to a client that accepts them.
    preCompressed: true,
    // The build's server entry and manifest are read from disk by this server only (features/seo/page-shell.ts).
    allowedPath: (pathname) => !SERVER_ONLY_FOLDERS.some((folder) => pathname.startsWith(folder)),
    // Hashed assets never change; index.html must always be re-read. `path` is the file sent (a .br
    // copy's too). The plugin's own Cache-Control (public, max-age=0) is off: it would be written over
    // ours. With preCompressed, the plugin itself says the answer varies by Accept-Encoding.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header(
        "Cache-Control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  return app;
}
