import { and, desc, eq, isNotNull } from "drizzle-orm";
import Stripe from "stripe";
import type { RefundSubscriptionInput } from "../../../shared/schemas/admin-users";
import type { Db } from "../../db/client";
import { subscriptions } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { runningNow } from "../../lib/premium";
import { requireStripe, type StripeClient, withStripeErrors } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";
import { lockUser, saveSubscription } from "./stripe-sync";

// An admin refunds a paid subscription from the console (Users): the money-back guarantee. Its latest
// invoice's payment is refunded in full and the subscription cancelled at once, both through Stripe's
// API; the cancelled subscription, re-read from Stripe, is stored at once (so Premium or the add-on ends
// now) and the webhook's events, arriving after, converge on the same state.

const PRODUCT_NAMES = { premium: "Premium", sms: "SMS Alerts" } as const;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : value?.id;

/** POST /api/admin/users/{id}/refund. */
export async function refundSubscription({
  db,
  stripe,
  admin,
  userId,
  input,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  admin: Viewer;
  userId: string;
  input: RefundSubscriptionInput;
}): Promise<void> {
  const [row] = await db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.product, input.product),
        isNotNull(subscriptions.stripeSubscriptionId),
        runningNow(),
      ),
    )
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  const subscriptionId = row?.stripeSubscriptionId;
  if (!subscriptionId) {
    throw new AppError(
      "conflict",
      `This user has no paid ${PRODUCT_NAMES[input.product]} running to refund.`,
    );
  }
  const client = requireStripe(stripe);

  const { refund, cancelled } = await withStripeErrors(async () => {
    const subscription = await client.subscriptions.retrieve(subscriptionId, {
      expand: ["latest_invoice.payments"],
    });
    const invoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
    const payment = invoice?.payments?.data.find((p) => p.status === "paid");
    const intentId = idOf(payment?.payment.payment_intent);
    if (!invoice || !intentId) {
      throw new AppError("conflict", "Its latest invoice has no payment to refund.");
    }
    let refund: { id: string; amount: number } | null = null;
    try {
      // One refund per invoice, however often the button is pressed or the request retried.
      const made = await client.refunds.create(
        {
          payment_intent: intentId,
          reason: "requested_by_customer",
          metadata: { userId, subscriptionId, adminId: admin.id },
        },
        { idempotencyKey: `ppc-subscription-refund-${invoice.id}` },
      );
      refund = { id: made.id, amount: made.amount };
    } catch (err) {
      // Refunded in Stripe's dashboard already: the cancellation below still stands.
      if (!(err instanceof Stripe.errors.StripeError && err.code === "charge_already_refunded")) throw err;
    }
    const cancelled =
      subscription.status === "canceled" ? subscription : await client.subscriptions.cancel(subscriptionId);
    return { refund, cancelled };
  });

  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await saveSubscription(tx, userId, cancelled);
    await writeAuditEntry(tx, {
      actorId: admin.id,
      action: "subscription.refunded",
      targetId: userId,
      before: { status: row.status },
      after: { status: cancelled.status },
      extra: {
        product: input.product,
        subscriptionId,
        refundId: refund?.id ?? null,
        amountRefunded: refund?.amount ?? null,
        reason: input.reason,
      },
    });
  });
}
