import { z } from "zod";
import {
  ALERT_FREQUENCIES,
  ALERT_LIMITS,
  ALERT_PREFERENCE_CHANNELS,
  GEOGRAPHIES,
  LISTING_SEARCH_MAX_LENGTH,
  PAYOUT_BUCKETS,
  REQUIREMENT_TAG_IDS,
  REQUIREMENT_TAGS,
  VERTICALS,
} from "../constants";
import { plainText } from "./common";

// Listing alerts (docs/product.md, "Listing alerts"): the notification preferences of the publisher
// dashboard's Alerts tab, the saved searches of /browse, and the unsubscribe link of every alert mail.

/** What the server says when an alert rule refuses (the screens show these as they are). */
export const ALERT_MESSAGES = {
  publisherOnly: "Alerts are for publishers: complete your publisher profile to set them up.",
  instantNeedsPremium:
    "Instant alerts are a Premium benefit. Choose a daily or weekly digest, or upgrade to Premium.",
  emptySearch: "Choose at least one filter or type a keyword before saving this search.",
  duplicateSearch: "You already saved this search.",
  tooManySearches: `You can keep up to ${ALERT_LIMITS.savedSearchesMax} saved searches: delete one first.`,
  savedSearchNotFound: "Saved search not found",
  invalidUnsubscribeLink: "This unsubscribe link is not valid. Change your alerts in your dashboard instead.",
  invalidTimeZone: "Choose a time zone from the list",
} as const;

const uniqueList = <T extends z.ZodType<string>>(item: T, max: number, label: string) =>
  z
    .array(item, { message: `${label} must be a list` })
    .max(max, `${label} has too many entries`)
    .transform((values) => [...new Set(values)]);

const verticalList = uniqueList(
  z.enum(VERTICALS, { message: "is not a known vertical" }),
  VERTICALS.length,
  "Verticals",
);
const geoList = uniqueList(
  z.enum(GEOGRAPHIES, { message: "is not a known geography" }),
  GEOGRAPHIES.length,
  "Geographies",
);
const tagList = uniqueList(
  z.enum(REQUIREMENT_TAG_IDS, { message: "is not a known requirement" }),
  REQUIREMENT_TAG_IDS.length,
  "Requirements",
);

/** "" and null both mean "none". */
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

const minPayoutSchema = z.preprocess(
  blankToNull,
  plainText()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, "Minimum payout must be an amount like 50 or 49.99")
    .nullable(),
);

/** An IANA time zone name this runtime knows ("America/Chicago"); quiet hours are kept in it. */
function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZoneSchema = plainText()
  .trim()
  .max(64, ALERT_MESSAGES.invalidTimeZone)
  .refine(isTimeZone, ALERT_MESSAGES.invalidTimeZone);

/** GET /api/notification-preferences and the answer to PUT. */
export const alertPreferencesSchema = z
  .object({
    /** False until the user saves the form or a search for the first time (defaults are shown). */
    configured: z.boolean(),
    /** Whether the filters below send alerts (saved searches alert either way). */
    filtersEnabled: z.boolean(),
    /** Empty lists mean "any". */
    verticals: z.array(z.string()),
    geos: z.array(z.string()),
    tags: z.array(z.string()),
    minPayout: z.string().nullable(),
    /** What the server acts on: instant is Premium's, so without Premium this reads daily. */
    frequency: z.enum(ALERT_FREQUENCIES),
    channels: z.array(z.enum(ALERT_PREFERENCE_CHANNELS)),
    /** The IANA time zone SMS quiet hours follow: the saved choice, else DEFAULT_TIME_ZONE (as GET /api/sms says). */
    timeZone: z.string(),
    /** When the mail's unsubscribe link last took email off the channels (null: never, or email is back). */
    unsubscribedAt: z.string().nullable(),
  })
  .meta({
    // The API reference's example (the OpenAPI document).
    examples: [
      {
        configured: true,
        filtersEnabled: true,
        verticals: ["Legal", "Insurance"],
        geos: ["California", "Texas"],
        tags: [],
        minPayout: "40.00",
        frequency: "daily",
        channels: ["email"],
        timeZone: "America/Los_Angeles",
        unsubscribedAt: null,
      },
    ],
  });
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

/** PUT /api/notification-preferences: any subset of the fields; what is not sent stays as it is. */
export const updateAlertPreferencesSchema = z.object({
  filtersEnabled: z.boolean({ message: "must be true or false" }).optional(),
  verticals: verticalList.optional(),
  geos: geoList.optional(),
  tags: tagList.optional(),
  minPayout: minPayoutSchema.optional(),
  frequency: z
    .enum(ALERT_FREQUENCIES, { message: `Frequency must be one of ${ALERT_FREQUENCIES.join(", ")}` })
    .optional(),
  channels: uniqueList(
    z.enum(ALERT_PREFERENCE_CHANNELS, {
      message: `Channels must be among ${ALERT_PREFERENCE_CHANNELS.join(", ")}`,
    }),
    ALERT_PREFERENCE_CHANNELS.length,
    "Channels",
  ).optional(),
  timeZone: timeZoneSchema.optional(),
});
export type UpdateAlertPreferencesInput = z.input<typeof updateAlertPreferencesSchema>;
export type UpdateAlertPreferences = z.output<typeof updateAlertPreferencesSchema>;

/** The Alerts form: the whole preference set (the client sends only what changed). */
export const alertPreferencesFormSchema = updateAlertPreferencesSchema.required();

// ---- saved searches ---------------------------------------------------------------------------------

const PAYOUT_BUCKET_IDS = PAYOUT_BUCKETS.map((b) => b.id) as [string, ...string[]];

const optionalChoice = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess(blankToNull, schema.nullable().optional()).transform((v) => v ?? null);

/** POST /api/saved-searches: the browse filters as they are on screen. */
export const createSavedSearchSchema = z.object({
  search: optionalChoice(
    plainText()
      .trim()
      .max(LISTING_SEARCH_MAX_LENGTH, `Search must be at most ${LISTING_SEARCH_MAX_LENGTH} characters`),
  ),
  vertical: optionalChoice(z.enum(VERTICALS, { message: "is not a known vertical" })),
  payout: optionalChoice(z.enum(PAYOUT_BUCKET_IDS, { message: "is not a payout range of the filter" })),
  geo: optionalChoice(z.enum(GEOGRAPHIES, { message: "is not a known geography" })),
  tags: tagList.default([]),
});
export type SavedSearchFilters = z.output<typeof createSavedSearchSchema>;

export const savedSearchSchema = z
  .object({
    id: z.string(),
    search: z.string().nullable(),
    vertical: z.string().nullable(),
    /** The payout range's id (PAYOUT_BUCKETS). */
    payout: z.string().nullable(),
    geo: z.string().nullable(),
    tags: z.array(z.string()),
    /** The /browse query that shows these filters ("vertical=Insurance&geo=Texas"). */
    query: z.string(),
    createdAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: "4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d",
        search: "auto accident",
        vertical: "Legal",
        payout: "25-50",
        geo: "California",
        tags: ["trustedform"],
        query: "search=auto+accident&vertical=Legal&payout=25-50&geo=California&tags=trustedform",
        createdAt: "2026-11-18T11:00:00.000Z",
      },
    ],
  });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/**
 * The browse page's query string for a set of filters, in one fixed order with the tags in
 * REQUIREMENT_TAGS order: the same filters always give the same string (it keys saved searches).
 */
export function savedSearchQuery(filters: {
  search: string | null;
  vertical: string | null;
  payout: string | null;
  geo: string | null;
  tags: readonly string[];
}): string {
  const tags = REQUIREMENT_TAG_IDS.filter((id) => filters.tags.includes(id)).join(",");
  const pairs: [string, string | null][] = [
    ["search", filters.search],
    ["vertical", filters.vertical],
    ["payout", filters.payout],
    ["geo", filters.geo],
    ["tags", tags],
  ];
  // Encoded as a form (spaces as "+"), as the browse page writes its URL (URLSearchParams; shared code
  // has no DOM types to name it).
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  return pairs
    .filter((pair): pair is [string, string] => Boolean(pair[1]))
    .map(([key, value]) => `${key}=${encode(value)}`)
    .join("&");
}

/** "Insurance · $50-$100 · Texas · “final expense” · Call recording required": a saved search in words. */
export function describeSavedSearch(search: Omit<SavedSearch, "id" | "query" | "createdAt">): string {
  const parts: string[] = [];
  if (search.vertical) parts.push(search.vertical);
  const bucket = PAYOUT_BUCKETS.find((b) => b.id === search.payout);
  if (bucket) parts.push(bucket.label);
  if (search.geo) parts.push(search.geo);
  if (search.search) parts.push(`“${search.search}”`);
  for (const tag of REQUIREMENT_TAGS) if (search.tags.includes(tag.id)) parts.push(tag.label);
  return parts.join(" · ") || "Any listing";
}

// ---- unsubscribe ------------------------------------------------------------------------------------

/** GET /api/unsubscribe/{token}: whose alerts the link stops (the address partly hidden). */
export const unsubscribeInfoSchema = z.object({
  email: z.string(),
  /** Email is still one of the alert channels. */
  isSubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

/** POST /unsubscribe/{token} (the page's button and RFC 8058 one-click). */
export const unsubscribeResultSchema = z.object({ unsubscribed: z.literal(true), email: z.string() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
