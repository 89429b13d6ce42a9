import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { SubscriptionProduct } from "../../../shared/constants";
import { boostPayments, buyerListings, buyerProfiles, subscriptions, users } from "../../db/schema";
import { readCurrentUser } from "../../lib/viewer";
import { createBoostPayment } from "../boosts/boost-checkout";
import type { PaymentSimulation } from "../payment-simulation/simulation";
import { getOrCreateSubscription } from "../subscriptions/checkout";
import { refreshSubscription } from "../subscriptions/stripe-sync";
import { DEMO_BOUGHT_BOOST_TITLES, seedDemoAlerts } from "./demo-seed";

// With simulated payments, the demo accounts' paid features are bought the way a user buys them: the
// service the page calls starts the payment, Stripe's test card pays it at the simulated provider, and
// the provider's signed webhook events reach the listening server, which grants them, audits them and
// queues the receipts. So the demo's billing history, receipts and the admin's revenue are those of
// real purchases. Each purchase is made once: an account that has that product (bought, granted or
// abandoned) is left alone.

const SUCCEEDING_CARD = "4242424242424242";
const PREMIUM_ACCOUNT = "premium@demo.test";
const BUYER_ACCOUNT = "buyer@demo.test";

export interface DemoPurchases {
  premium: boolean;
  sms: boolean;
  boosts: number;
}

export async function seedDemoPurchases(
  app: FastifyInstance,
  { simulator }: Pick<PaymentSimulation, "simulator">,
): Promise<DemoPurchases> {
  const { db, stripe, config } = app;
  const userIdOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  const viewerOf = async (userId: string) => {
    const viewer = await readCurrentUser({ db, userId });
    if (!viewer) throw new Error(`demo account ${userId} cannot be read`);
    return viewer;
  };
  const hasProduct = async (userId: string, product: SubscriptionProduct) =>
    (
      await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, product)))
        .limit(1)
    ).length > 0;
  const pay = (clientSecret: string) => {
    const outcome = simulator.confirmWithCard(clientSecret, SUCCEEDING_CARD);
    if ("error" in outcome) throw new Error(`the demo payment was refused: ${outcome.error.message}`);
  };
  const bought: DemoPurchases = { premium: false, sms: false, boosts: 0 };

  /** A subscription as /subscribe and the Alerts tab buy it: start, pay, refresh (the page's next step). */
  const subscribe = async (userId: string, product: SubscriptionProduct) => {
    const viewer = await viewerOf(userId);
    const priceId = product === "premium" ? config.stripe.priceId : config.sms.priceId;
    const intent = await getOrCreateSubscription({ db, stripe, priceId, viewer, product });
    if ("clientSecret" in intent) pay(intent.clientSecret);
    await refreshSubscription({ db, stripe, viewer });
  };

  const publisherId = await userIdOf(PREMIUM_ACCOUNT);
  if (publisherId && !(await hasProduct(publisherId, "premium"))) {
    await subscribe(publisherId, "premium");
    // Instant alerts are a Premium benefit: chosen once Premium is paid, as a member would.
    await seedDemoAlerts(db, publisherId);
    bought.premium = true;
  }
  if (publisherId && !(await hasProduct(publisherId, "sms"))) {
    await subscribe(publisherId, "sms");
    bought.sms = true;
  }

  const buyerId = await userIdOf(BUYER_ACCOUNT);
  const [paidBefore] = buyerId
    ? await db.select({ id: boostPayments.id }).from(boostPayments).where(eq(boostPayments.userId, buyerId))
    : [];
  if (buyerId && !paidBefore) {
    const viewer = await viewerOf(buyerId);
    const listings = await db
      .select({ id: buyerListings.id })
      .from(buyerListings)
      .innerJoin(buyerProfiles, eq(buyerProfiles.id, buyerListings.buyerId))
      .where(and(eq(buyerProfiles.userId, buyerId), inArray(buyerListings.title, DEMO_BOUGHT_BOOST_TITLES)));
    for (const listing of listings) {
      const intent = await createBoostPayment({
        db,
        stripe,
        viewer,
        listingId: listing.id,
        priceCents: config.boostPriceCents,
      });
      pay(intent.clientSecret);
      bought.boosts++;
    }
  }
  // The days, the add-on and the receipts come with the provider's events.
  await simulator.idle();
  return bought;
}
