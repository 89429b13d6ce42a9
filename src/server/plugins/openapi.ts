import { STATUS_CODES } from "node:http";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import fastifyStatic from "@fastify/static";
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import type { ApiKeyScope } from "../../shared/constants";
import { errorSchema } from "../../shared/errors";
import { alertPreferencesSchema, savedSearchSchema } from "../../shared/schemas/alerts";
import { apiKeySchema, createApiKeySchema, createdApiKeySchema } from "../../shared/schemas/api-keys";
import { dealIntentSchema } from "../../shared/schemas/deal-intents";
import { disputeSchema } from "../../shared/schemas/disputes";
import { createBuyerListingSchema, updateBuyerListingSchema } from "../../shared/schemas/listing-input";
import { listingSyncResponseSchema } from "../../shared/schemas/listing-sync";
import { listingDetailSchema, listingSchema } from "../../shared/schemas/listings";
import { ownReviewSchema } from "../../shared/schemas/reviews";
import { WEBHOOK_EVENT_SCHEMAS } from "../../shared/schemas/webhook-events";
import {
  createdWebhookSchema,
  createWebhookSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from "../../shared/schemas/webhooks";
import { etagOf, sendWithEtag } from "../lib/etag";
import { API_DOCS_DIR } from "../paths";
import { takesIdempotencyKey } from "./idempotency";
import {
  type DocumentedOperation,
  describeHeaders,
  HEADER_COMPONENTS,
  IDEMPOTENT_MARK,
  PARAMETER_COMPONENTS,
  PUBLIC_ETAG_MARK,
} from "./openapi-headers";
import { eventComponentName, webhookOperations } from "./openapi-webhooks";

// The public API's OpenAPI 3.1 document, generated from the routes' zod schemas (docs/api.md): every
// route whose config has `publicApi`, none other, and the webhook events it sends (openapi-webhooks.ts).
// Registered before the routes, so it sees them all. Served at /api/openapi.json, and read by people at
// /api/docs (Swagger UI, served from our own origin: the page policy allows scripts from 'self' only).

/** The operations' groups, in the order the reference page shows them. */
export const API_TAGS = [
  {
    name: "Listings",
    description:
      "The buyer directory: search and read listings (contacts only where the contact rule allows), " +
      "reveal a contact, and a buyer's own listings: create, update, delete.",
  },
  {
    name: "Listing sync",
    description:
      "Keep a buyer's listings in step with their own system, keyed by their own externalId: upsert one, " +
      "or sync a whole set at once (safe to retry with an Idempotency-Key).",
  },
  {
    name: "Deal intents",
    description:
      "Deal requests: publishers ask the buyer of a listing for a deal; the buyer sees who asks (profile, " +
      "verification, quality score, compliance record, history) and accepts or rejects it. Accepting " +
      "shares the listing's contact with the publisher and the publisher's email with the buyer.",
  },
  {
    name: "Alerts",
    description:
      "A publisher's alert preferences and saved searches, which decide which new listings they hear of.",
  },
  {
    name: "API keys",
    description: "Personal API keys: made, listed and revoked by a signed-in person, never by a key.",
  },
  {
    name: "Webhooks",
    description:
      "Endpoints of your own that receive signed events (a listing matched, a deal requested or decided...), " +
      "their delivery log and redelivery.",
  },
  {
    name: "Webhook events",
    description:
      "What PayPerCall Hub POSTs to your endpoints: one signed JSON body per event, `data` being the object " +
      "as the app shows it to you. Answer any 2xx within 10 seconds; anything else is retried for 24 hours.",
  },
] as const;

/**
 * Shared schemas that many operations use become named components (a $ref each) instead of being
 * written out in every operation. The ids are given here, on the server, rather than with the schemas:
 * the client loads the same modules, and an id registered twice (a hot reload) throws.
 */
const COMPONENTS: Record<string, ZodType> = {
  Error: errorSchema,
  Listing: listingSchema,
  ListingDetail: listingDetailSchema,
  NewListing: createBuyerListingSchema,
  ListingChanges: updateBuyerListingSchema,
  ListingSyncResult: listingSyncResponseSchema,
  DealIntent: dealIntentSchema,
  AlertPreferences: alertPreferencesSchema,
  SavedSearch: savedSearchSchema,
  ApiKey: apiKeySchema,
  NewApiKey: createApiKeySchema,
  CreatedApiKey: createdApiKeySchema,
  WebhookEndpoint: webhookEndpointSchema,
  NewWebhookEndpoint: createWebhookSchema,
  CreatedWebhookEndpoint: createdWebhookSchema,
  WebhookDelivery: webhookDeliverySchema,
  OwnReview: ownReviewSchema,
  Dispute: disputeSchema,
  ...Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_SCHEMAS).map(([type, schema]) => [eventComponentName(type), schema]),
  ),
};
for (const [id, schema] of Object.entries(COMPONENTS)) {
  const meta = z.globalRegistry.get(schema);
  if (meta?.id === undefined) z.globalRegistry.add(schema, { ...meta, id });
}

const SESSION_ONLY =
  "API keys cannot call this operation: it is a person's act in the app, made with a signed-in session.";

/**
 * The document's security for a route of the public API: a key or the session, the session alone for a
 * person's act, and no credential at all where visitors may call it (`{}`: a client or a mock server
 * must not demand one). The key's scope is written in the operation's `x-api-key-scope` and description,
 * not in the requirement's list: OpenAPI tools read that list as OAuth scopes, which a bearer key has not.
 */
function securityOf(scope: ApiKeyScope | null, isPublic: boolean): Record<string, string[]>[] {
  const credentials: Record<string, string[]>[] =
    scope === null ? [{ session: [] }] : [{ apiKey: [] }, { session: [] }];
  return isPublic ? [...credentials, {}] : credentials;
}

/** "PUT /api/buyer-listings/by-external-id/:externalId" → "putBuyerListingsByExternalIdByExternalId". */
function derivedOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .flatMap((segment) => (segment.startsWith(":") ? ["by", segment.slice(1)] : segment.split(/[-_.]/)));
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join("");
}

const zodToJsonSchema = createJsonSchemaTransform({});

/**
 * One route into the document: hidden unless it is part of the public API; otherwise its zod schemas
 * converted (input schemas for what the caller sends, output schemas for what it gets back), its
 * security from the key scope, and that scope stated where people read it.
 */
const documentRoute: SwaggerTransform = (document) => {
  const { route, url } = document;
  const publicApi = route.config?.publicApi;
  if (!publicApi || !document.schema) return { schema: { hide: true }, url };
  const { schema } = zodToJsonSchema(document);
  const scope = publicApi.scope;
  const response = schema.response as Record<string, Record<string, unknown>> | undefined;
  const access = scope === null ? SESSION_ONLY : `API key scope: \`${scope}\`.`;
  return {
    url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? derivedOperationId(String(route.method), url),
      description: schema.description ? `${schema.description}\n\n${access}` : access,
      security: securityOf(scope, route.config?.access === "public"),
      ...(scope !== null && { "x-api-key-scope": scope }),
      // Facts only the route table knows, for finishDocument to write as headers and parameters.
      ...(route.config?.publicEtag && { [PUBLIC_ETAG_MARK]: true }),
      ...(takesIdempotencyKey(route) && { [IDEMPOTENT_MARK]: true }),
      ...(response && { response: Object.fromEntries(Object.entries(response).map(withNamedExamples)) }),
    },
  };
};

/**
 * An answer whose schema names its examples (apiErrors: one per error code) is written in the swagger
 * plugin's content form, the one where the examples reach the media type (a schema that is a $ref would
 * otherwise lose them).
 */
function withNamedExamples([status, schema]: [string, Record<string, unknown>]): [string, unknown] {
  const { "x-examples": examples, description, ...rest } = schema;
  if (examples === undefined) return [status, schema];
  return [status, { description, content: { "application/json": { schema: rest, examples } } }];
}

/** What this file reads and writes of the document (the swagger plugin's types cover every version). */
interface OpenApiDocument {
  paths?: Record<string, Record<string, DocumentedOperation>>;
  webhooks?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

/** Every `#/components/schemas/<name>` a JSON value refers to. */
function referencedSchemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith("#/components/schemas/")) {
        found.add(child.slice("#/components/schemas/".length));
      } else {
        referencedSchemas(child, found);
      }
    }
  }
  return found;
}

/**
 * The named schemas the operations use, and those they use in turn; an input-only schema keeps its
 * plain name (the type provider names the input side of every schema "<id>Input").
 */
function usedComponentSchemas(document: OpenApiDocument): Record<string, unknown> {
  const all = document.components?.schemas ?? {};
  const used = new Set<string>();
  let next = referencedSchemas([document.paths, document.webhooks]);
  while (next.size > 0) {
    for (const name of next) used.add(name);
    next = new Set(
      [...next].flatMap((name) => [...referencedSchemas(all[name])].filter((found) => !used.has(found))),
    );
  }
  const schemas: Record<string, unknown> = {};
  for (const name of [...used].sort()) {
    const plain = name.replace(/Input$/, "");
    schemas[used.has(plain) ? name : plain] = all[name]!;
  }
  return schemas;
}

/** Refs to an input schema renamed to its plain name follow it. */
function renameInputRefs<T>(value: T, schemas: Record<string, unknown>): T {
  return JSON.parse(JSON.stringify(value), (_key, child) => {
    if (typeof child !== "string" || !child.startsWith("#/components/schemas/")) return child;
    const name = child.slice("#/components/schemas/".length);
    const plain = name.replace(/Input$/, "");
    return schemas[name] === undefined && schemas[plain] !== undefined
      ? `#/components/schemas/${plain}`
      : child;
  });
}

/**
 * The whole document, once every route is in: the webhooks, the components it uses, answers described
 * with their headers.
 */
const finishDocument: SwaggerTransformObject = (input) => {
  const document = {
    ...(jsonSchemaTransformObject(input) as OpenApiDocument),
    webhooks: webhookOperations(),
  };
  const schemas = usedComponentSchemas(document);
  const components = {
    ...document.components,
    schemas,
    headers: HEADER_COMPONENTS,
    parameters: PARAMETER_COMPONENTS,
  };
  const finished = renameInputRefs({ ...document, components }, schemas);
  for (const operations of Object.values(finished.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === "Default Response") {
          response.description = STATUS_CODES[status] ?? `${status.charAt(0)}xx answer`;
        }
      }
      describeHeaders(operation);
    }
  }
  return finished as ReturnType<SwaggerTransformObject>;
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "PayPerCall Hub API",
        version: "1.0.0",
        description:
          "The public API of PayPerCall Hub: read the buyer directory, manage a buyer's listings and keep " +
          "them in sync, decide deal requests, read alert settings and receive webhooks.\n\n" +
          "Call it with a personal API key (`Authorization: Bearer ppc_...`, made on the Account page) " +
          "holding the operation's scope, or from the app with your signed-in session. Every error " +
          "answer is `{message, code}`; decide on the status and the code, never on the message. The " +
          "guide to keys and scopes, errors, paging, rate limits, retries and webhooks is docs/api.md " +
          "in the project's repository.",
        // A private service's API: its terms of service are the licence a caller gets.
        termsOfService: `${app.config.appUrl}/terms-of-service`,
        license: { name: "PayPerCall Hub Terms of Service", url: `${app.config.appUrl}/terms-of-service` },
        contact: { name: app.config.appName, url: app.config.appUrl, email: app.config.legal.email },
      },
      servers: [{ url: app.config.appUrl }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            description: "A personal API key, made on the Account page; it may call what its scopes allow.",
          },
          session: {
            type: "apiKey",
            in: "cookie",
            name: "ppc.sid",
            description: "The session cookie of a person signed in to the app.",
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: finishDocument,
  });
  await app.register(apiDocsRoutes);
}

// Found, not imported: the package's main module would load the whole bundle into the server.
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/** The Swagger UI files the reference page loads, and ours (index.html, its script and its styles). */
const DOCS_FILES = new Set([
  "/",
  "/index.html",
  "/api-docs.js",
  "/api-docs.css",
  "/swagger-ui.css",
  "/swagger-ui-bundle.js",
]);

/**
 * GET /api/openapi.json (computed at its first request, then kept) and the reference page at /api/docs.
 * Both are public: the document describes the API, it grants nothing.
 */
async function apiDocsRoutes(app: FastifyInstance) {
  app.addHook("onRoute", (route: RouteOptions) => {
    route.config = { ...route.config, access: "public" };
  });

  // Not at start-up: turning every schema into JSON Schema takes a few hundred milliseconds, which every
  // app start (and every test's app) would pay for a document few of them are ever asked for.
  let answer: { document: string; etag: string } | undefined;
  const documentAnswer = () => {
    if (!answer) {
      const document = JSON.stringify(app.swagger());
      answer = { document, etag: etagOf(document) };
    }
    return answer;
  };
  app.get("/api/openapi.json", async (request, reply) => {
    const { document, etag } = documentAnswer();
    reply.header("Cache-Control", "public, max-age=300");
    const body = sendWithEtag(request, reply, document, etag);
    // A 304 is sent without a body, and so without a type (a JSON type would have null serialized).
    return body === null ? reply.send() : reply.type("application/json; charset=utf-8").send(body);
  });

  // Our page first (index.html, api-docs.js, api-docs.css), then Swagger UI's own files; nothing else of
  // that package.
  await app.register(fastifyStatic, {
    root: [API_DOCS_DIR, SWAGGER_UI_DIR],
    prefix: "/api/docs",
    decorateReply: false,
    redirect: true,
    index: "index.html",
    allowedPath: (pathname) => DOCS_FILES.has(pathname),
  });
}
