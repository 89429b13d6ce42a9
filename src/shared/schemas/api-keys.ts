import { z } from "zod";
import { API_KEY_SCOPES, type ApiKeyScope, type Role } from "../constants";
import { plainText } from "./common";

// Personal API keys (docs/api.md): the Account page's "API keys" section and the Bearer sign-in of the
// public API. A key is shown once, when it is made; afterwards only its prefix.

export const API_KEY_MESSAGES = {
  nameRequired: "Give the key a name",
  scopesRequired: "Choose at least one scope",
  scopeNotForRole: "Your account cannot give a key that scope.",
  keyInvalid: "This API key is not valid, or it was revoked.",
  keyNotFound: "That API key does not exist or is not yours.",
  rateLimited:
    "Your API keys made too many requests this minute. Wait the seconds Retry-After says, then try again.",
  /** A key sent in the query string (?api_key=, ?access_token=, ?key=): refused, never used. */
  keyInQuery:
    "Send the API key in the Authorization header (Authorization: Bearer <key>), never in the URL: URLs end up in logs and histories.",
  tooManyKeys: (max: number) =>
    `An account may hold ${max} API keys at most. Revoke one you no longer use first.`,
  /** A route a key may not call at all (the account's own settings, payments, admin). */
  routeNotForKeys: "This route cannot be called with an API key. Sign in to the app instead.",
  scopeMissing: (scope: ApiKeyScope) => `This API key does not have the "${scope}" scope.`,
  shownOnce: "Copy the key now: it is shown only once.",
} as const;

/** What each scope allows, as the Account page and docs/api.md say it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  "listings:read": "Read the directory, listings and your deal requests",
  "listings:write": "Create, update, sync and pause your listings; decide deal requests",
  "alerts:read": "Read your alert preferences and saved searches",
  "webhooks:manage": "Register and manage webhook endpoints",
};

/** The scopes a user of each role may give a key: the routes behind the others would refuse the role. */
export const API_KEY_SCOPES_BY_ROLE: Record<Role, readonly ApiKeyScope[]> = {
  buyer: ["listings:read", "listings:write", "webhooks:manage"],
  publisher: ["listings:read", "alerts:read", "webhooks:manage"],
  guest: ["listings:read"],
  admin: ["listings:read"],
};

/** The longest name a key may have. */
export const API_KEY_NAME_MAX = 60;

/** Keys a user may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 10;

/** POST /api/api-keys */
export const createApiKeySchema = z
  .object({
    name: plainText(API_KEY_MESSAGES.nameRequired)
      .trim()
      .min(1, API_KEY_MESSAGES.nameRequired)
      .max(API_KEY_NAME_MAX),
    scopes: z
      .array(z.enum(API_KEY_SCOPES))
      .min(1, API_KEY_MESSAGES.scopesRequired)
      .transform((scopes) => [...new Set(scopes)]),
  })
  .meta({
    // The API reference's examples (the OpenAPI document). A request schema that transforms takes
    // `example`: zod leaves `examples` out of its request side.
    example: { name: "CRM sync", scopes: ["listings:read", "listings:write"] },
  });
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

const API_KEY_EXAMPLE = {
  id: "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
  name: "CRM sync",
  prefix: "ppc_1a2b3c4d",
  scopes: ["listings:read", "listings:write"],
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: "2026-11-26T08:15:00.000Z",
  lastUsedIp: "203.0.113.x",
};

/** GET /api/api-keys: the caller's keys that are not revoked, newest first. */
export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The key's first characters ("ppc_1a2b3c4d"): enough to tell keys apart, useless to call with. */
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    /** Truncated like the sessions list's addresses ("203.0.113.x"). */
    lastUsedIp: z.string().nullable(),
  })
  .meta({ examples: [API_KEY_EXAMPLE] });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/api-keys answers the whole key, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() }).meta({
  examples: [
    { ...API_KEY_EXAMPLE, lastUsedAt: null, lastUsedIp: null, key: "ppc_1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d" },
  ],
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
