import { eq, inArray } from "drizzle-orm";
import type {
  SimulatedPortal,
  SimulatedPortalAction,
  SimulatedPortalSubscription,
  SimulatedWebhookDelivery,
} from "../../../shared/schemas/payment-simulation";
import type { Db } from "../../db/client";
import { stripeEvents, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { requireStripe, type StripeClient, withStripeErrors } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";
import type { StripeSimulator } from "./stripe-simulator";

// What the browser does at Stripe itself, done at the simulated provider instead (PAYMENTS=simulated):
// confirming a payment with a card typed in (Stripe.js), and the billing portal. The app's own payment
// code is not here: it runs as with Stripe, through the SDK and the webhook.

const PORTAL_NOT_FOUND = "This billing session was not found. Open billing again from Pricing & Settings.";

/** POST /api/simulated-payments/confirm: the client secret is the capability, as at Stripe. */
export function confirmSimulatedPayment({
  simulator,
  clientSecret,
  cardNumber,
}: {
  simulator: StripeSimulator;
  clientSecret: string;
  cardNumber: string;
}) {
  return simulator.confirmWithCard(clientSecret, cardNumber);
}

/** The portal session's customer, when it is the viewer's: anyone else's session is not found. */
async function portalCustomer(db: Db, simulator: StripeSimulator, viewer: Viewer, sessionId: string) {
  const session = simulator.portalSession(sessionId);
  const [user] = await db
    .select({ customer: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (!session || !user?.customer || session.customer !== user.customer) {
    throw new AppError("not_found", PORTAL_NOT_FOUND);
  }
  return session;
}

interface ApiSubscription {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    data: { current_period_end: number; price: { unit_amount: number; recurring: { interval: string } } }[];
  };
}

function portalSubscription(subscription: ApiSubscription): SimulatedPortalSubscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    product: subscription.metadata.product === "sms" ? "sms" : "premium",
    status: subscription.status,
    amountCents: item?.price.unit_amount ?? 0,
    interval: item?.price.recurring.interval === "month" ? "month" : "year",
    currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000).toISOString(),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** Subscriptions that never started (an abandoned payment form) are not shown, as in Stripe's portal. */
const NEVER_STARTED = new Set(["incomplete", "incomplete_expired"]);

/** GET /api/simulated-payments/portal/{session}. */
export async function getSimulatedPortal({
  db,
  simulator,
  viewer,
  sessionId,
}: {
  db: Db;
  simulator: StripeSimulator;
  viewer: Viewer;
  sessionId: string;
}): Promise<SimulatedPortal> {
  const session = await portalCustomer(db, simulator, viewer, sessionId);
  const subscriptions = (simulator.customerSubscriptions(session.customer) as unknown as ApiSubscription[])
    .filter((subscription) => !NEVER_STARTED.has(subscription.status))
    .map(portalSubscription);
  return { returnUrl: session.returnUrl, subscriptions };
}

/**
 * POST /api/simulated-payments/portal/{session}/subscriptions/{id}: cancelling at the period end (or
 * taking that back) goes through the API, as Stripe's portal changes the subscription; reaching the
 * period's end is the simulation's own. Answers once the provider's events have reached the webhook,
 * so the page the portal returns to shows the change.
 */
export async function changeSimulatedSubscription({
  db,
  stripe,
  simulator,
  viewer,
  sessionId,
  subscriptionId,
  action,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  simulator: StripeSimulator;
  viewer: Viewer;
  sessionId: string;
  subscriptionId: string;
  action: SimulatedPortalAction;
}): Promise<SimulatedPortal> {
  const session = await portalCustomer(db, simulator, viewer, sessionId);
  const own = simulator
    .customerSubscriptions(session.customer)
    .some((subscription) => subscription.id === subscriptionId);
  if (!own) throw new AppError("not_found", "No such subscription in this billing account.");
  const client = requireStripe(stripe);
  if (action === "cancel" || action === "resume") {
    await withStripeErrors(() =>
      client.subscriptions.update(subscriptionId, { cancel_at_period_end: action === "cancel" }),
    );
  } else {
    try {
      simulator.reachPeriodEnd(subscriptionId, { decline: action === "renew-declined" });
    } catch (err) {
      throw new AppError("conflict", (err as Error).message);
    }
  }
  await simulator.idle();
  return getSimulatedPortal({ db, simulator, viewer, sessionId });
}

/** GET /api/admin/simulated-payments/webhook-deliveries: the newest 100, and whether each was recorded. */
export async function listWebhookDeliveries({
  db,
  simulator,
}: {
  db: Db;
  simulator: StripeSimulator;
}): Promise<SimulatedWebhookDelivery[]> {
  const deliveries = simulator.deliveries().slice(0, 100);
  const ids = deliveries.map((d) => d.eventId);
  const recorded =
    ids.length === 0
      ? []
      : await db.select({ id: stripeEvents.id }).from(stripeEvents).where(inArray(stripeEvents.id, ids));
  const known = new Set(recorded.map((r) => r.id));
  return deliveries.map((d) => ({ ...d, recorded: known.has(d.eventId) }));
}
