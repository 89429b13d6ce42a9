import { eq, inArray } from "drizzle-orm";
import { LISTING_VERTICALS, type RequirementTagId, US_NATIONAL } from "../../../shared/constants";
import type { Db } from "../../db/client";
import {
  buyerListings,
  buyerProfiles,
  dealIntents,
  listingEvents,
  listingPayoutChanges,
  publisherProfiles,
  users,
} from "../../db/schema";
import { setComplimentaryPremium } from "../subscriptions/complimentary";

// Demo data for development (DESIGN.md §4). Deterministic, so screenshots and tests read the same.

export const DEMO_ACCOUNTS = [
  { email: "admin@demo.test", role: "admin", description: "Administrator" },
  { email: "publisher@demo.test", role: "publisher", description: "Free publisher, approved profile" },
  { email: "premium@demo.test", role: "publisher", description: "Publisher with Premium" },
  { email: "buyer@demo.test", role: "buyer", description: "Buyer with listings" },
  { email: "newbie@demo.test", role: "guest", description: "New user, no profile" },
] as const;

const COMPANIES = [
  {
    email: "buyer@demo.test",
    company: "Summit Lead Partners",
    phone: "(512) 555-0142",
    site: "summitleads.example",
  },
  {
    email: "ops@harborcalls.test",
    company: "Harbor Call Exchange",
    phone: "(305) 555-0187",
    site: "harborcalls.example",
  },
  {
    email: "team@pinnaclemedia.test",
    company: "Pinnacle Media Group",
    phone: "(213) 555-0199",
    site: "pinnaclemedia.example",
  },
  {
    email: "buy@lonestarleads.test",
    company: "Lone Star Leads",
    phone: "(214) 555-0123",
    site: "lonestarleads.example",
  },
  {
    email: "desk@atlasconnect.test",
    company: "Atlas Connect",
    phone: "(646) 555-0175",
    site: "atlasconnect.example",
  },
];

const TOPICS: Record<string, string[]> = {
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
  Auto: ["Auto Warranty", "Car Shipping"],
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

function buildListings(buyerIds: string[]) {
  const rows: (typeof buyerListings.$inferInsert)[] = [];
  let i = 0;
  const now = Date.now();
  for (const vertical of LISTING_VERTICALS) {
    for (const topic of TOPICS[vertical] ?? []) {
      // Two listings per topic with different payouts and geographies.
      for (const variant of [0, 1]) {
        const payout = 20 + ((i * 37) % 140) + variant * 5;
        const geos = GEO_SETS[(i + variant) % GEO_SETS.length]!;
        rows.push({
          buyerId: buyerIds[i % buyerIds.length]!,
          title: `${topic} ${variant === 0 ? "Inbound Calls" : "Qualified Leads"}`,
          description: `Buying ${topic.toLowerCase()} ${variant === 0 ? "inbound calls" : "leads"} from compliant publishers. TCPA consent required; no incentivized traffic. Real-time call transfer via our IVR; duplicates filtered for 30 days.`,
          vertical,
          payout: payout.toFixed(2),
          paymentTerms: TERMS[i % TERMS.length]!,
          durationRequirement: [60, 90, 120, 180][i % 4]!,
          geos,
          minVolume: [5, 10, 20, 50][i % 4]!,
          status: i % 17 === 16 ? "paused" : "active",
          boostedUntil: i % 9 === 0 ? new Date(now + 14 * 24 * 3600 * 1000) : null,
          tags: TAG_SETS[i % TAG_SETS.length]!,
          disputeWindowDays: [7, 14, 30, null][i % 4]!,
          createdAt: new Date(now - i * 3 * 3600 * 1000),
        });
        i++;
      }
    }
  }
  return rows;
}

const DAY_MS = 24 * 3600 * 1000;

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
    idOf,
  }: {
    listings: { id: string; buyerId: string; payout: string }[];
    buyerId: string | undefined;
    idOf: (email: string) => string | undefined;
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
  const publisherUsers = ["publisher@demo.test", "premium@demo.test"]
    .map(idOf)
    .filter((id) => id !== undefined);
  const publishers = publisherUsers.length
    ? await tx
        .select({ id: publisherProfiles.id, userId: publisherProfiles.userId })
        .from(publisherProfiles)
        .where(inArray(publisherProfiles.userId, publisherUsers))
    : [];
  const free = publishers.find((p) => p.userId === idOf("publisher@demo.test"));
  const premium = publishers.find((p) => p.userId === idOf("premium@demo.test"));
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

/** Seeds the demo data once; running it again changes nothing (the marker is buyer@demo.test). */
export async function seedDemoData(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const marker = await tx.select({ id: users.id }).from(users).where(eq(users.email, "buyer@demo.test"));
    if (marker[0]) return { seeded: false };

    const insertedUsers = await tx
      .insert(users)
      .values([
        { email: "admin@demo.test", role: "admin", firstName: "Ada", lastName: "Admin" },
        { email: "publisher@demo.test", role: "publisher", firstName: "Pat", lastName: "Publisher" },
        { email: "premium@demo.test", role: "publisher", firstName: "Priya", lastName: "Premium" },
        { email: "newbie@demo.test", role: "guest" },
        ...COMPANIES.map((c) => ({
          email: c.email,
          role: "buyer" as const,
          company: c.company,
          phone: c.phone,
        })),
      ])
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => insertedUsers.find((u) => u.email === email)?.id;

    for (const email of ["publisher@demo.test", "premium@demo.test"]) {
      const userId = idOf(email);
      if (!userId) continue;
      await tx.insert(publisherProfiles).values({
        userId,
        website: email.startsWith("premium")
          ? "https://premium-calls.example"
          : "https://pat-publishing.example",
        trafficSources: ["Search Engine Marketing", "Social Media"],
        verticals: ["Insurance", "Home Services"],
        avgDailyCalls: 40,
        geos: [US_NATIONAL],
        yearsInBusiness: 4,
        references: ["Jane Doe, Acme Leads, jane@acme.example, (555) 010-0000"],
        complianceAckAt: new Date(),
        tier: email.startsWith("premium") ? "premium" : "verified",
        qualityScore: email.startsWith("premium") ? 86 : 72,
        status: "approved",
      });
    }
    const premiumId = idOf("premium@demo.test");
    // Complimentary Premium (no Stripe objects, no period end), granted the way support does it.
    if (premiumId) await setComplimentaryPremium({ db: tx, email: "premium@demo.test", enabled: true });

    const buyerIds: string[] = [];
    for (const [index, c] of COMPANIES.entries()) {
      const userId = idOf(c.email);
      if (!userId) continue;
      const [profile] = await tx
        .insert(buyerProfiles)
        .values({
          userId,
          company: c.company,
          verticals: [],
          payoutMin: "25.00",
          payoutMax: "150.00",
          paymentTerms: "Net 30",
          callDurationRequirement: 120,
          geoCoverage: [US_NATIONAL],
          dailyCap: 100,
          contactEmail: `partners@${c.site}`,
          contactPhone: c.phone,
          applicationUrl: `https://${c.site}/apply`,
          isVerified: index % 2 === 0,
        })
        .returning({ id: buyerProfiles.id });
      if (profile) buyerIds.push(profile.id);
    }
    const listings = await tx
      .insert(buyerListings)
      .values(buildListings(buyerIds))
      .returning({ id: buyerListings.id, buyerId: buyerListings.buyerId, payout: buyerListings.payout });
    await seedBuyerActivity(tx, { listings, buyerId: buyerIds[0], idOf });
    return { seeded: true };
  });
}
