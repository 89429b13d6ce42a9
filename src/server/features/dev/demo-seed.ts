import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import {
  BOOST_DAYS,
  type RequirementTagId,
  SMS_CONSENT_VERSION,
  US_NATIONAL,
  VERTICALS,
  type Vertical,
} from "../../../shared/constants";
import { CURRENT_COMPLIANCE_ACK_VERSION } from "../../../shared/schemas/publisher-compliance";
import type { PaymentsMode } from "../../config";
import type { Db } from "../../db/client";
import {
  auditLogs,
  boostPurchases,
  buyerListings,
  buyerProfiles,
  buyerVerifications,
  compliance,
  dealIntents,
  disputes,
  listingEvents,
  listingPayoutChanges,
  notificationPreferences,
  publisherProfiles,
  reviews,
  smsConsents,
  smsNumbers,
  subscriptions,
  users,
} from "../../db/schema";
import { recordApproval } from "../buyer-verification/verification-review";
import { PUBLISHER_ACTIONS } from "../publishers/publisher-profile";
import { recomputeQualityScore } from "../publishers/quality-score";
import { refreshBuyerReliability } from "../reliability/refresh-reliability";
import { setComplimentaryPremium } from "../subscriptions/complimentary";

// Demo data for development, so a fresh clone shows a working directory. Deterministic, so screenshots and tests read the same.

// Each buyer company buys on its own terms (every listing used to read "100 calls/day").
const COMPANIES = [
  {
    email: "buyer@demo.test",
    firstName: "Morgan",
    lastName: "Ellis",
    company: "Summit Lead Partners",
    phone: "(512) 555-0142",
    site: "summitleads.example",
    dailyCap: 150,
    payoutRange: ["35.00", "140.00"],
    paymentTerms: "Net 30",
    callDuration: 120,
    geoCoverage: [US_NATIONAL],
  },
  {
    email: "ops@harborcalls.test",
    firstName: "Dana",
    lastName: "Whitfield",
    company: "Harbor Call Exchange",
    phone: "(305) 555-0187",
    site: "harborcalls.example",
    dailyCap: 60,
    payoutRange: ["20.00", "90.00"],
    paymentTerms: "Net 15",
    callDuration: 90,
    geoCoverage: ["Florida", "Georgia", "North Carolina"],
  },
  {
    email: "team@pinnaclemedia.test",
    firstName: "Kevin",
    lastName: "Tran",
    company: "Pinnacle Media Group",
    phone: "(213) 555-0199",
    site: "pinnaclemedia.example",
    dailyCap: 400,
    payoutRange: ["45.00", "175.00"],
    paymentTerms: "Weekly",
    callDuration: 180,
    geoCoverage: ["California", "Texas"],
  },
  {
    email: "buy@lonestarleads.test",
    firstName: "Rosa",
    lastName: "Alvarez",
    company: "Lone Star Leads",
    phone: "(214) 555-0123",
    site: "lonestarleads.example",
    dailyCap: 35,
    payoutRange: ["25.00", "80.00"],
    paymentTerms: "Net 45",
    callDuration: 60,
    geoCoverage: ["Texas"],
  },
  {
    email: "desk@atlasconnect.test",
    firstName: "Omar",
    lastName: "Haddad",
    company: "Atlas Connect",
    phone: "(646) 555-0175",
    site: "atlasconnect.example",
    dailyCap: 250,
    payoutRange: ["30.00", "160.00"],
    paymentTerms: "Bi-weekly",
    callDuration: 120,
    geoCoverage: ["New York", "Illinois", "Pennsylvania", "Ohio"],
  },
];

const TOPICS: Record<Vertical, string[]> = {
  Insurance: [
    "Final Expense",
    "Medicare Advantage",
    "Auto Insurance",
    "Health Insurance",
    "Home Insurance",
    "Life Insurance",
  ],
  "Home Services": [
    "HVAC Repair",
    "Roofing Estimates",
    "Plumbing Emergencies",
    "Pest Control",
    "Water Damage Restoration",
  ],
  Legal: [
    "Personal Injury",
    "Mass Tort Intake",
    "Workers Compensation",
    "Bankruptcy Consultation",
    "DUI Defense",
  ],
  Medical: ["Dental Implants", "Hearing Aids", "Addiction Treatment", "Medical Alert Devices"],
  Finance: ["Debt Settlement", "Tax Relief", "Mortgage Refinance", "Personal Loans", "Credit Repair"],
  Solar: ["Residential Solar", "Solar Battery Storage"],
  "Real Estate": ["Home Sellers", "Cash Home Buyers"],
  Automotive: ["Auto Warranty", "Car Shipping"],
  Travel: ["Cruise Vacation Packages", "Timeshare Exit"],
  Education: ["Online Degree Enrollment", "Trade School Admissions"],
  Technology: ["Business VoIP", "Home Security Systems"],
  Healthcare: ["ACA Enrollment", "Senior Living Placement"],
};

const GEO_SETS: string[][] = [
  [US_NATIONAL],
  ["California"],
  ["Texas"],
  ["Florida"],
  ["California", "Texas"],
  ["Florida", "Georgia"],
  ["New York", "Illinois"],
];
const TERMS = ["Net 30", "Net 15", "Weekly", "Net 45", "Bi-weekly"];
/** What a buyer says about the traffic it wants; listings take them in turn. */
const PITCHES = [
  (topic: string, kind: string) =>
    `Buying ${topic.toLowerCase()} ${kind} from compliant publishers. TCPA consent required; no incentivized traffic. Duplicates filtered for 30 days.`,
  (topic: string, kind: string) =>
    `Exclusive ${kind} for our ${topic.toLowerCase()} desk. Callers must be 18+ and the decision maker; live transfer to licensed agents, no voicemail drops.`,
  (topic: string, kind: string) =>
    `Steady ${topic.toLowerCase()} ${kind} wanted Monday to Friday. Consent language must name us; we audit a sample of recordings every week and pay on what converts to an appointment.`,
  (topic: string, kind: string) =>
    `Scaling our ${topic.toLowerCase()} program: open to new sources after a 3-day test at the listed cap. Search, social and TV welcome; no co-registration or sweepstakes ${kind}.`,
];
/** Requirement tags per listing, in turn (some listings carry none). */
const TAG_SETS: RequirementTagId[][] = [
  ["trustedform", "call-recording"],
  [],
  ["jornaya", "caller-id"],
  ["no-ivr", "inbound-only"],
  [],
  ["business-hours"],
  ["trustedform", "jornaya", "no-ivr"],
];

const DAY_MS = 24 * 3600 * 1000;
/**
 * With simulated payments, the demo buyer's boosts of these listings are bought (demo-seed-purchases.ts)
 * rather than granted. A purchase starts when it is made, so the buyer's other boost, begun days ago
 * for the analytics' lift, stays a complimentary grant.
 */
export const DEMO_BOUGHT_BOOST_TITLES = ["Debt Settlement Qualified Leads"];
/** How long ago the demo's boosts began: the buyer's analytics then show a boost period and its lift. */
const DEMO_BOOST_AGE_DAYS = 5;
const DEMO_BOOSTED_LISTING_AGE_DAYS = 40;

function buildListings(buyerIds: string[], { simulated }: { simulated: boolean }) {
  const rows: (typeof buyerListings.$inferInsert)[] = [];
  let i = 0;
  const now = Date.now();
  for (const vertical of VERTICALS) {
    for (const topic of TOPICS[vertical]) {
      // Two listings per topic with different payouts and geographies.
      for (const variant of [0, 1]) {
        const payout = 20 + ((i * 37) % 140) + variant * 5;
        const geos = GEO_SETS[(i + variant) % GEO_SETS.length]!;
        const kind = variant === 0 ? "inbound calls" : "leads";
        const title = `${topic} ${variant === 0 ? "Inbound Calls" : "Qualified Leads"}`;
        const isBoosted = i % 9 === 0 && !(simulated && DEMO_BOUGHT_BOOST_TITLES.includes(title));
        rows.push({
          buyerId: buyerIds[i % buyerIds.length]!,
          title,
          description: PITCHES[i % PITCHES.length]!(topic, kind),
          vertical,
          payout: payout.toFixed(2),
          paymentTerms: TERMS[i % TERMS.length]!,
          durationRequirement: [60, 90, 120, 180][i % 4]!,
          geos,
          minVolume: [5, 10, 20, 50][i % 4]!,
          status: i % 17 === 16 ? "paused" : "active",
          // Boosted five days ago for 14 days (a complimentary boost, seeded below with its purchase).
          boostedUntil: isBoosted ? new Date(now + (BOOST_DAYS - DEMO_BOOST_AGE_DAYS) * DAY_MS) : null,
          tags: TAG_SETS[i % TAG_SETS.length]!,
          disputeWindowDays: [7, 14, 30, null][i % 4]!,
          // Most listings take their buyer's daily cap; some state a lower one of their own.
          dailyCap: i % 5 === 2 ? [25, 40, 80][i % 3]! : null,
          // A boosted listing is older than its boost, with weeks before it for the analytics to compare.
          createdAt: new Date(
            now - i * 3 * 3600 * 1000 - (i % 9 === 0 ? DEMO_BOOSTED_LISTING_AGE_DAYS * DAY_MS : 0),
          ),
        });
        i++;
      }
    }
  }
  return rows;
}

/**
 * Seeds the demo data once; running it again changes nothing. Buyers, listings and the other accounts
 * are made together (the marker is buyer@demo.test); each demo publisher is made on its own when its
 * account is missing, so an older development database gains the publishers added since.
 * With simulated payments the demo accounts' Premium, SMS add-on and the demo buyer's bought boosts are
 * left out: the server buys them once it listens (demo-seed-purchases.ts), so they come with the
 * history, receipts and revenue of real purchases. Otherwise they are complimentary grants.
 */
export async function seedDemoData(
  db: Db,
  { payments = "stripe" }: { payments?: PaymentsMode } = {},
): Promise<{ seeded: boolean }> {
  const simulated = payments === "simulated";
  return db.transaction(async (tx) => {
    const marketplace = await seedMarketplace(tx, { simulated });
    const addedPublishers = await seedDemoPublishers(tx, { simulated });
    // The buyer's activity involves the demo publishers, so it comes once both exist.
    if (marketplace) {
      await seedBuyerActivity(tx, marketplace);
      await seedTrust(tx, marketplace);
      await dateListingsBeforeTheirActivity(tx);
    }
    return { seeded: marketplace !== null || addedPublishers > 0 };
  });
}

/**
 * A listing's page says "Listed" on its creation date, so no listing may be younger than what happened
 * on it: the seeded deals, events and payout changes go back months, the listings only hours. Each such
 * listing is dated a week before its earliest activity.
 */
async function dateListingsBeforeTheirActivity(tx: Db): Promise<void> {
  const activity = unionAll(
    tx.select({ listingId: dealIntents.listingId, at: dealIntents.createdAt }).from(dealIntents),
    tx.select({ listingId: listingEvents.listingId, at: listingEvents.createdAt }).from(listingEvents),
    tx
      .select({ listingId: listingPayoutChanges.listingId, at: listingPayoutChanges.changedAt })
      .from(listingPayoutChanges),
  ).as("x");
  const earliest = tx
    .select({ listingId: activity.listingId, first: sql<Date>`min(${activity.at})`.as("first") })
    .from(activity)
    .groupBy(activity.listingId)
    .as("a");
  await tx
    .update(buyerListings)
    .set({ createdAt: sql`${earliest.first} - interval '7 days'` })
    .from(earliest)
    .where(and(eq(earliest.listingId, buyerListings.id), lt(earliest.first, buyerListings.createdAt)));
}

/** Buyers and their listings, once; null when they exist already. */
async function seedMarketplace(
  tx: Db,
  { simulated }: { simulated: boolean },
): Promise<{
  listings: { id: string; buyerId: string; payout: string }[];
  buyerId: string | undefined;
  /** Every buyer profile, in COMPANIES order. */
  buyerIds: string[];
} | null> {
  const marker = await tx.select({ id: users.id }).from(users).where(eq(users.email, "buyer@demo.test"));
  if (marker[0]) return null;

  const insertedUsers = await tx
    .insert(users)
    .values([
      { email: "admin@demo.test", role: "admin", firstName: "Ada", lastName: "Admin" },
      { email: "newbie@demo.test", role: "guest" },
      ...COMPANIES.map((c) => ({
        email: c.email,
        role: "buyer" as const,
        firstName: c.firstName,
        lastName: c.lastName,
        company: c.company,
        phone: c.phone,
      })),
    ])
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });
  const idOf = (email: string) => insertedUsers.find((u) => u.email === email)?.id;

  const profileValues = COMPANIES.flatMap((c) => {
    const userId = idOf(c.email);
    if (!userId) return [];
    return [
      {
        userId,
        company: c.company,
        verticals: [],
        payoutMin: c.payoutRange[0]!,
        payoutMax: c.payoutRange[1]!,
        paymentTerms: c.paymentTerms,
        callDurationRequirement: c.callDuration,
        geoCoverage: c.geoCoverage,
        dailyCap: c.dailyCap,
        contactEmail: `partners@${c.site}`,
        contactPhone: c.phone,
        applicationUrl: `https://${c.site}/apply`,
        website: `https://${c.site}`,
      },
    ];
  });
  const profiles =
    profileValues.length > 0
      ? await tx
          .insert(buyerProfiles)
          .values(profileValues)
          .returning({ id: buyerProfiles.id, userId: buyerProfiles.userId })
      : [];
  // In COMPANIES order: the listings are dealt out to buyers by position.
  const buyerIds = profileValues.flatMap((v) => profiles.find((p) => p.userId === v.userId)?.id ?? []);
  const adminId = idOf("admin@demo.test");
  if (adminId) await seedVerifiedBuyers(tx, buyerIds, adminId);
  const listings = await tx.insert(buyerListings).values(buildListings(buyerIds, { simulated })).returning({
    id: buyerListings.id,
    buyerId: buyerListings.buyerId,
    payout: buyerListings.payout,
    boostedUntil: buyerListings.boostedUntil,
  });
  // Every boost is backed by a purchase, as in production: the history and the analytics read them.
  const boosted = listings.flatMap(({ id, boostedUntil }) => (boostedUntil ? [{ id, boostedUntil }] : []));
  if (boosted.length > 0) {
    await tx.insert(boostPurchases).values(
      boosted.map(({ id, boostedUntil }) => ({
        listingId: id,
        userId: idOf("admin@demo.test") ?? null,
        source: "complimentary" as const,
        days: BOOST_DAYS,
        startsAt: new Date(boostedUntil.getTime() - BOOST_DAYS * DAY_MS),
        endsAt: boostedUntil,
        reason: "Demo data",
        createdAt: new Date(boostedUntil.getTime() - BOOST_DAYS * DAY_MS),
      })),
    );
  }
  return { listings, buyerId: buyerIds[0], buyerIds };
}

/**
 * Days ago each company's badge was approved, in COMPANIES order (null: not verified). About half are
 * verified, buyer@demo.test's company among them; the last one's term ends within the reminder window,
 * so its dashboard shows the renewal.
 */
const VERIFIED_DAYS_AGO: (number | null)[] = [62, null, 140, null, 355];

/**
 * The demo's verified buyers earn the badge as anyone does: an attempt with both proofs (the homepage's
 * meta tag, a work address at the company's domain), sent for review and approved by admin@demo.test
 * through the same approval as the admin console's, which alone writes the badge.
 */
async function seedVerifiedBuyers(tx: Db, buyerIds: string[], adminId: string): Promise<void> {
  const now = Date.now();
  for (const [index, company] of COMPANIES.entries()) {
    const daysAgo = VERIFIED_DAYS_AGO[index];
    const buyerId = buyerIds[index];
    if (daysAgo === null || daysAgo === undefined || !buyerId) continue;
    const approvedAt = new Date(now - daysAgo * DAY_MS);
    const at = (hoursBefore: number) => new Date(approvedAt.getTime() - hoursBefore * 3600_000);
    const [attempt] = await tx
      .insert(buyerVerifications)
      .values({
        buyerId,
        status: "submitted",
        domain: company.site,
        domainMethod: "meta",
        domainEvidence: `https://${company.site}/`,
        domainVerifiedAt: at(30),
        workEmail: `${company.firstName.toLowerCase()}@${company.site}`,
        emailVerifiedAt: at(29),
        emailCodeAttempts: 0,
        submittedAt: at(28),
        createdAt: at(31),
      })
      .returning();
    if (!attempt) continue;
    await recordApproval(tx, {
      attempt,
      reviewerId: adminId,
      checklist: { businessExists: true, paymentTermsCredible: true, references: true },
      reason: "Registry entry, payment terms and two references checked.",
      now: approvedAt,
    });
  }
}

/**
 * What makes buyer@demo.test's dashboard worth opening: payout history (some recent raises carry the
 * badge), deal intents from the demo publishers (one pending, one accepted, one rejected) and a month of
 * views, contact reveals and saves for the Analytics tab.
 */
async function seedBuyerActivity(
  tx: Db,
  {
    listings,
    buyerId,
  }: {
    listings: { id: string; buyerId: string; payout: string }[];
    buyerId: string | undefined;
  },
) {
  const now = Date.now();
  const changes = listings
    .filter((_, i) => i % 5 === 2)
    .flatMap((listing, i) => {
      const current = Number(listing.payout);
      const raisedRecently = i % 2 === 0;
      return [
        {
          listingId: listing.id,
          fromPayout: (current - 10).toFixed(2),
          toPayout: (current - (raisedRecently ? 5 : 0)).toFixed(2),
          changedAt: new Date(now - 40 * DAY_MS),
        },
        ...(raisedRecently
          ? [
              {
                listingId: listing.id,
                fromPayout: (current - 5).toFixed(2),
                toPayout: current.toFixed(2),
                changedAt: new Date(now - 3 * DAY_MS),
              },
            ]
          : []),
      ];
    });
  if (changes.length > 0) await tx.insert(listingPayoutChanges).values(changes);

  const own = listings.filter((l) => l.buyerId === buyerId);
  const publishers = await tx
    .select({ id: publisherProfiles.id, email: users.email })
    .from(publisherProfiles)
    .innerJoin(users, eq(users.id, publisherProfiles.userId))
    .where(inArray(users.email, ["publisher@demo.test", "premium@demo.test"]));
  const free = publishers.find((p) => p.email === "publisher@demo.test");
  const premium = publishers.find((p) => p.email === "premium@demo.test");
  if (!buyerId || own.length < 3 || !free || !premium) return;

  await tx.insert(dealIntents).values([
    {
      buyerId,
      publisherId: free.id,
      listingId: own[0]!.id,
      message: "We run 150 compliant inbound calls a day from search. Happy to start with a test cap.",
      createdAt: new Date(now - 2 * DAY_MS),
    },
    {
      buyerId,
      publisherId: premium.id,
      listingId: own[1]!.id,
      message: "Our call center can take your overflow during business hours.",
      status: "accepted",
      decisionNote: "Welcome aboard: our partner team will email you the tracking number.",
      createdAt: new Date(now - 9 * DAY_MS),
      decidedAt: new Date(now - 8 * DAY_MS),
    },
    {
      buyerId,
      publisherId: free.id,
      listingId: own[2]!.id,
      status: "rejected",
      decisionNote: "We only buy from publishers with a verified domain for now.",
      createdAt: new Date(now - 20 * DAY_MS),
      decidedAt: new Date(now - 19 * DAY_MS),
    },
  ]);

  // A month of listing events on the buyer's first listings: a few views a day, some reveals and saves.
  const events: (typeof listingEvents.$inferInsert)[] = [];
  own.slice(0, 4).forEach((listing, l) => {
    for (let day = 0; day < 30; day++) {
      const at = new Date(now - day * DAY_MS - (l + 1) * 3600 * 1000);
      const dayKey = at.toISOString().slice(0, 10);
      // A weekly rhythm (quiet weekends) with some drift between listings.
      const views = Math.max(0, Math.round(4 + 2 * Math.sin((day + l) / 2.5) - (day % 7 >= 5 ? 2 : 0)));
      for (let v = 0; v < views; v++) {
        events.push({
          listingId: listing.id,
          kind: "view",
          viewerKey: `demo-viewer-${v}`,
          day: dayKey,
          createdAt: at,
        });
      }
      if ((day + l) % 4 === 0) {
        events.push({
          listingId: listing.id,
          kind: "reveal",
          viewerKey: "demo-premium",
          day: dayKey,
          createdAt: at,
        });
      }
      if ((day + l) % 9 === 0) {
        events.push({
          listingId: listing.id,
          kind: "save",
          viewerKey: `demo-saver-${day}`,
          day: dayKey,
          createdAt: at,
        });
      }
    }
  });
  if (events.length > 0) await tx.insert(listingEvents).values(events);
}

// ---- trust --------------------------------------------------------------------------------------------

interface DemoDeal {
  publisher: "free" | "premium";
  /** Which of the buyer's listings (by position). */
  listing: number;
  daysAgo: number;
  /** How long the buyer took to accept. */
  answeredAfterHours: number;
  review?: { rating: number; comment: string; reply?: string };
}

/**
 * Accepted deals with reviews for three buyers, so the directory shows scores and a "Not enough data":
 * Summit Lead Partners (buyer@demo.test) and Harbor Call Exchange get enough reviewed deals for a score,
 * Pinnacle Media Group two (not enough). buyer@demo.test's accepted intent of seedBuyerActivity gets a
 * review too. Two disputes: one an admin rejected (with the buyer's response), one open for the admin's
 * Disputes tab. The stored scores are then computed the way every write computes them.
 */
const TRUST_DEALS: DemoDeal[][] = [
  [
    {
      publisher: "free",
      listing: 3,
      daysAgo: 40,
      answeredAfterHours: 5,
      review: {
        rating: 4,
        comment:
          "Clear requirements and a quick ramp-up. One invoice was paid five days late, but they told us in advance.",
      },
    },
    {
      publisher: "premium",
      listing: 4,
      daysAgo: 120,
      answeredAfterHours: 70,
      review: { rating: 4, comment: "Good payouts; the first reply took a few days." },
    },
    {
      publisher: "free",
      listing: 5,
      daysAgo: 200,
      answeredAfterHours: 20,
      review: {
        rating: 5,
        comment: "Paid every call within terms and shared call recordings when we asked.",
        reply: "Thanks, Pat: we value publishers who keep their DNC process this tidy.",
      },
    },
  ],
  [
    {
      publisher: "premium",
      listing: 0,
      daysAgo: 15,
      answeredAfterHours: 3,
      review: { rating: 5, comment: "Fast approvals and weekly payments, exactly as listed." },
    },
    {
      publisher: "free",
      listing: 1,
      daysAgo: 60,
      answeredAfterHours: 30,
      review: { rating: 3, comment: "Fine buyer, strict on call duration: read the requirements twice." },
    },
    {
      publisher: "premium",
      listing: 2,
      daysAgo: 95,
      answeredAfterHours: 12,
      review: { rating: 4, comment: "Reliable volume through the summer." },
    },
  ],
  [
    {
      publisher: "premium",
      listing: 0,
      daysAgo: 25,
      answeredAfterHours: 8,
      review: { rating: 5, comment: "Straightforward onboarding and clean tracking." },
    },
    {
      publisher: "free",
      listing: 1,
      daysAgo: 70,
      answeredAfterHours: 50,
      review: { rating: 3, comment: "Paid, but disputed a batch of calls we considered valid." },
    },
  ],
];

async function seedTrust(
  tx: Db,
  { listings, buyerIds }: { listings: { id: string; buyerId: string }[]; buyerIds: string[] },
) {
  const publishers = await tx
    .select({ id: publisherProfiles.id, email: users.email })
    .from(publisherProfiles)
    .innerJoin(users, eq(users.id, publisherProfiles.userId))
    .where(inArray(users.email, ["publisher@demo.test", "premium@demo.test"]));
  const free = publishers.find((p) => p.email === "publisher@demo.test")?.id;
  const premium = publishers.find((p) => p.email === "premium@demo.test")?.id;
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
  if (!free || !premium) return;
  const now = Date.now();
  const at = (daysAgo: number, plusHours = 0) => new Date(now - daysAgo * DAY_MS + plusHours * 3600 * 1000);

  const dealIds: string[][] = [];
  for (const [b, deals] of TRUST_DEALS.entries()) {
    const buyerId = buyerIds[b];
    const own = listings.filter((l) => l.buyerId === buyerId);
    if (!buyerId) continue;
    const ids: string[] = [];
    for (const deal of deals) {
      const listing = own[deal.listing];
      if (!listing) continue;
      const [intent] = await tx
        .insert(dealIntents)
        .values({
          buyerId,
          publisherId: deal.publisher === "free" ? free : premium,
          listingId: listing.id,
          status: "accepted",
          createdAt: at(deal.daysAgo),
          decidedAt: at(deal.daysAgo, deal.answeredAfterHours),
          updatedAt: at(deal.daysAgo, deal.answeredAfterHours),
        })
        .returning({ id: dealIntents.id });
      ids.push(intent!.id);
      if (deal.review) {
        await tx.insert(reviews).values({
          buyerId,
          publisherId: deal.publisher === "free" ? free : premium,
          dealIntentId: intent!.id,
          rating: deal.review.rating,
          comment: deal.review.comment,
          verifiedDeal: true,
          replyBody: deal.review.reply ?? null,
          repliedAt: deal.review.reply ? at(deal.daysAgo - 5) : null,
          createdAt: at(deal.daysAgo - 3),
        });
      }
    }
    dealIds.push(ids);
  }

  // buyer@demo.test's accepted intent from seedBuyerActivity, reviewed by the Premium publisher.
  const earlier = buyerIds[0]
    ? await tx
        .select({
          id: dealIntents.id,
          publisherId: dealIntents.publisherId,
          decidedAt: dealIntents.decidedAt,
        })
        .from(dealIntents)
        .where(and(eq(dealIntents.buyerId, buyerIds[0]), eq(dealIntents.status, "accepted")))
    : [];
  const first = earlier.find((intent) => !dealIds[0]?.includes(intent.id));
  if (first && buyerIds[0]) {
    await tx.insert(reviews).values({
      buyerId: buyerIds[0],
      publisherId: first.publisherId,
      dealIntentId: first.id,
      rating: 5,
      comment: "They sent the tracking number the day they accepted and paid the first week early.",
      verifiedDeal: true,
      createdAt: first.decidedAt ?? new Date(now - DAY_MS),
    });
  }

  const summitDeal = dealIds[0]?.[0];
  if (summitDeal && buyerIds[0]) {
    await tx.insert(disputes).values({
      buyerId: buyerIds[0],
      publisherId: free,
      dealIntentId: summitDeal,
      openedBy: "publisher",
      reason: "Twelve calls from last week were returned as duplicates, but our logs show distinct callers.",
      response:
        "The twelve calls came from the same three numbers within an hour; recordings are attached to the invoice.",
      respondedAt: at(28),
      status: "rejected",
      resolutionNotes: "The recordings confirm repeat callers within the buyer's stated duplicate window.",
      resolvedAt: at(26),
      resolvedBy: admin?.id ?? null,
      createdAt: at(30),
      updatedAt: at(26),
    });
  }
  const harborDeal = dealIds[1]?.[1];
  if (harborDeal && buyerIds[1]) {
    await tx.insert(disputes).values({
      buyerId: buyerIds[1],
      publisherId: free,
      dealIntentId: harborDeal,
      openedBy: "publisher",
      reason: "Payment for last month's 84 qualified calls is two weeks past the Net 15 terms.",
      createdAt: at(2),
      updatedAt: at(2),
    });
  }
  for (const buyerId of buyerIds) await refreshBuyerReliability({ db: tx, buyerId });
}

// ---- publishers ---------------------------------------------------------------------------------------

interface DemoPublisher {
  email: string;
  firstName: string;
  lastName: string;
  profile: Pick<
    typeof publisherProfiles.$inferInsert,
    "website" | "trafficSources" | "verticals" | "avgDailyCalls" | "geos" | "yearsInBusiness" | "references"
  >;
  /** Approved by admin@demo.test, or still waiting for review. */
  status: "approved" | "pending";
  tier: "new" | "verified" | "premium";
  domainVerified: boolean;
  premium: boolean;
  /** How long ago the profile was made. */
  daysAgo: number;
  dnc: string;
  /**
   * Listing alerts set up (features/alerts), so a new listing shows its alert mail in the outbox. Instant
   * alerts are a Premium benefit: with a bought Premium they are set once it is paid.
   */
  alerts?: { frequency: "instant" | "daily" | "weekly"; verticals: Vertical[] };
  /** SMS Alerts: the add-on (complimentary, or bought) and this verified number (texts land in the SMS outbox). */
  smsPhone?: string;
}

const DEMO_PUBLISHERS: DemoPublisher[] = [
  {
    email: "publisher@demo.test",
    firstName: "Pat",
    lastName: "Publisher",
    profile: {
      website: "https://pat-publishing.example",
      trafficSources: ["Search Engine Marketing", "Social Media"],
      verticals: ["Insurance", "Home Services"],
      avgDailyCalls: 40,
      geos: [US_NATIONAL],
      yearsInBusiness: 4,
      references: ["Jane Doe, Acme Leads, jane@acme.example, (555) 010-0000"],
    },
    status: "approved",
    tier: "verified",
    domainVerified: true,
    premium: false,
    daysAgo: 45,
    dnc: "Every number is scrubbed against the National DNC Registry and our internal list before dialing; opt-outs are honoured the same day.",
    alerts: { frequency: "weekly", verticals: ["Insurance", "Home Services"] },
  },
  {
    email: "premium@demo.test",
    firstName: "Priya",
    lastName: "Premium",
    profile: {
      website: "https://premium-calls.example",
      trafficSources: ["Search Engine Marketing", "TV", "Radio"],
      verticals: ["Insurance", "Medical", "Finance"],
      avgDailyCalls: 120,
      geos: [US_NATIONAL],
      yearsInBusiness: 7,
      references: [
        "Marco Ruiz, Summit Lead Partners, marco@summitleads.example, (512) 555-0142",
        "Lena Park, Harbor Call Exchange, lena@harborcalls.example, (305) 555-0187",
      ],
    },
    status: "approved",
    tier: "premium",
    domainVerified: true,
    premium: true,
    daysAgo: 120,
    dnc: "Daily scrub against federal and state DNC lists through our dialer; consent certificates (TrustedForm) stored for five years.",
    alerts: { frequency: "instant", verticals: ["Insurance", "Medical", "Finance"] },
    smsPhone: "+12015550142",
  },
  {
    email: "pending@demo.test",
    firstName: "Sam",
    lastName: "Pending",
    profile: {
      website: "https://sam-leads.example",
      trafficSources: ["Social Media", "Email Marketing"],
      verticals: ["Solar", "Home Services"],
      avgDailyCalls: 15,
      geos: ["California", "Texas"],
      yearsInBusiness: 2,
      references: ["Omar Haddad, Lone Star Leads, omar@lonestarleads.example, (214) 555-0123"],
    },
    status: "pending",
    tier: "new",
    domainVerified: false,
    premium: false,
    daysAgo: 2,
    dnc: "We check numbers against the National DNC Registry weekly and keep our own suppression list.",
  },
];

/**
 * Each demo publisher whose account is missing: the account, a profile made the way onboarding makes
 * it, a compliance record on the current acknowledgment text, the domain check and the review the demo
 * needs, the audit entries those events leave, and the score computed from those facts (never typed).
 * Returns how many were added.
 */
async function seedDemoPublishers(tx: Db, { simulated }: { simulated: boolean }): Promise<number> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
  let added = 0;
  for (const demo of DEMO_PUBLISHERS) {
    const [user] = await tx
      .insert(users)
      .values({
        email: demo.email,
        role: "publisher",
        firstName: demo.firstName,
        lastName: demo.lastName,
        createdAt: new Date(Date.now() - (demo.daysAgo + 1) * DAY_MS),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) continue;
    added++;
    const createdAt = new Date(Date.now() - demo.daysAgo * DAY_MS);
    const verifiedAt = demo.domainVerified ? new Date(createdAt.getTime() + 3600 * 1000) : null;
    const reviewedAt = demo.status === "approved" ? new Date(createdAt.getTime() + DAY_MS) : null;
    const [profile] = await tx
      .insert(publisherProfiles)
      .values({
        userId: user.id,
        ...demo.profile,
        complianceAckAt: createdAt,
        domainVerifiedAt: verifiedAt,
        status: demo.status,
        tier: demo.tier,
        reviewedAt,
        reviewedBy: reviewedAt ? (admin?.id ?? null) : null,
        createdAt,
        updatedAt: reviewedAt ?? createdAt,
      })
      .returning({ id: publisherProfiles.id });
    if (!profile) continue;
    await tx.insert(compliance).values({
      publisherId: profile.id,
      tcpaComplianceAck: true,
      dncProcessDesc: demo.dnc,
      acceptedAt: createdAt,
      ip: "203.0.113.10",
      userAgent: "Mozilla/5.0 (demo data)",
      ackTextVersion: CURRENT_COMPLIANCE_ACK_VERSION,
      createdAt,
    });
    const events: (typeof auditLogs.$inferInsert)[] = [
      { userId: user.id, action: PUBLISHER_ACTIONS.profileCreated, targetId: profile.id, createdAt },
      {
        userId: user.id,
        action: PUBLISHER_ACTIONS.complianceSubmitted,
        targetId: profile.id,
        metaJson: { ackTextVersion: CURRENT_COMPLIANCE_ACK_VERSION },
        createdAt: new Date(createdAt.getTime() + 1000),
      },
    ];
    if (verifiedAt) {
      events.push({
        userId: user.id,
        action: PUBLISHER_ACTIONS.domainVerified,
        targetId: profile.id,
        metaJson: { website: demo.profile.website },
        createdAt: verifiedAt,
      });
    }
    if (reviewedAt) {
      events.push({
        userId: admin?.id ?? null,
        action: "publisher.approved",
        targetId: profile.id,
        metaJson: { before: { status: "pending" }, after: { status: "approved" } },
        createdAt: reviewedAt,
      });
    }
    await tx.insert(auditLogs).values(events);
    await recomputeQualityScore({ db: tx, profileId: profile.id });
    // Complimentary Premium (no Stripe objects, no period end), granted the way support does it; or
    // bought once the server listens.
    const bought = simulated && demo.premium;
    if (demo.premium && !bought) await setComplimentaryPremium({ db: tx, email: demo.email, enabled: true });
    if (!bought) await seedDemoAlerts(tx, user.id);
    if (demo.smsPhone) await seedSmsAlerts(tx, user.id, demo.smsPhone, createdAt, { addon: !bought });
  }
  return added;
}

/** The demo publisher's listing alerts, if it has any and has none yet (also after a bought Premium). */
export async function seedDemoAlerts(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const demo = DEMO_PUBLISHERS.find((p) => p.email === user?.email);
  if (!demo?.alerts) return;
  const createdAt = new Date(Date.now() - demo.daysAgo * DAY_MS);
  await db
    .insert(notificationPreferences)
    .values({ userId, ...demo.alerts, createdAt })
    .onConflictDoNothing({ target: notificationPreferences.userId });
}

/**
 * A running SMS add-on when `addon` (no Stripe objects, no period end, as support would grant one) and
 * a number verified with its consent record, so new matching listings text the development SMS outbox.
 */
async function seedSmsAlerts(
  tx: Db,
  userId: string,
  phone: string,
  at: Date,
  { addon }: { addon: boolean },
): Promise<void> {
  if (addon) {
    await tx.insert(subscriptions).values({ userId, product: "sms", status: "active", createdAt: at });
  }
  const [consent] = await tx
    .insert(smsConsents)
    .values({
      userId,
      phone,
      event: "consented",
      source: "web",
      textVersion: SMS_CONSENT_VERSION,
      ip: "127.0.0.1",
      userAgent: "Demo data",
      createdAt: at,
    })
    .returning({ id: smsConsents.id });
  await tx
    .insert(smsNumbers)
    .values({ userId, phone, consentId: consent!.id, verifiedAt: at, createdAt: at });
}
