import { eq } from "drizzle-orm";
import { LISTING_VERTICALS, US_NATIONAL } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { buyerListings, buyerProfiles, publisherProfiles, users } from "../../db/schema";
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
          createdAt: new Date(now - i * 3 * 3600 * 1000),
        });
        i++;
      }
    }
  }
  return rows;
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
    const listings = buildListings(buyerIds);
    await tx.insert(buyerListings).values(listings);
    return { seeded: true };
  });
}
