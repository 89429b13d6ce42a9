import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { AdminBoostHistory, EndBoostInput } from "../../../shared/schemas/boosts";
import type { Db } from "../../db/client";
import { boostPurchases } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { writeAuditEntry } from "../../lib/audit-entry";
import { isUuid } from "../../lib/ids";
import { requireStripe, type StripeClient, withStripeErrors } from "../../lib/stripe";
import type { Viewer } from "../../lib/viewer";
import { getBoostHistory } from "./boost-admin";
import { applyBoostRefund } from "./boost-webhook";

// An admin refunds a paid Boost from the console (/admin/buyers, the listing's boost history): a refund
// in full through Stripe's API, then the charge as Stripe answers it is applied at once, as the
// `charge.refunded` webhook would apply it, so the console shows the days gone; the event, arriving
// after, finds the purchase refunded and changes nothing.

const NOT_FOUND_MESSAGE = "No such boost purchase for this listing.";
const NOT_PAID_MESSAGE = "Only a paid boost can be refunded: end a complimentary one instead.";
const REFUNDED_MESSAGE = "This boost was refunded already.";

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : value?.id);

/** POST /api/admin/buyer-listings/{id}/boosts/{purchaseId}/refund: the answer is the history after it. */
export async function refundBoostPurchase({
  db,
  stripe,
  admin,
  listingId,
  purchaseId,
  input,
}: {
  db: Db;
  stripe: StripeClient | undefined;
  admin: Viewer;
  listingId: string;
  purchaseId: string;
  input: EndBoostInput;
}): Promise<AdminBoostHistory> {
  const [purchase] =
    isUuid(listingId) && isUuid(purchaseId)
      ? await db
          .select()
          .from(boostPurchases)
          .where(and(eq(boostPurchases.id, purchaseId), eq(boostPurchases.listingId, listingId)))
      : [];
  if (!purchase) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const intentId = purchase.stripePaymentIntentId;
  if (purchase.source !== "stripe" || !intentId) throw new AppError("conflict", NOT_PAID_MESSAGE);
  if (purchase.status === "refunded") throw new AppError("conflict", REFUNDED_MESSAGE);
  const client = requireStripe(stripe);

  const charge = await withStripeErrors(async () => {
    let chargeId: string | undefined;
    try {
      // One refund per purchase, however often the button is pressed or the request retried.
      const refund = await client.refunds.create(
        {
          payment_intent: intentId,
          reason: "requested_by_customer",
          metadata: { purchaseId: purchase.id, listingId, adminId: admin.id },
        },
        { idempotencyKey: `ppc-boost-refund-${purchase.id}` },
      );
      chargeId = idOf(refund.charge);
    } catch (err) {
      // Refunded in Stripe's dashboard before its webhook reached us: that refund is the one to apply.
      if (!(err instanceof Stripe.errors.StripeError && err.code === "charge_already_refunded")) throw err;
      chargeId = idOf((await client.paymentIntents.retrieve(intentId)).latest_charge);
    }
    if (!chargeId) throw new AppError("bad_gateway", "Stripe returned no charge for this payment");
    return client.charges.retrieve(chargeId);
  });

  await db.transaction(async (tx) => {
    await applyBoostRefund(tx, client, charge, intentId, null);
    await writeAuditEntry(tx, {
      actorId: admin.id,
      action: "boost.refund_issued",
      targetId: listingId,
      before: { status: purchase.status },
      after: { status: charge.refunded ? "refunded" : purchase.status },
      extra: {
        purchaseId: purchase.id,
        paymentIntentId: intentId,
        chargeId: charge.id,
        amountRefunded: charge.amount_refunded,
        reason: input.reason,
      },
    });
  });
  return getBoostHistory(db, listingId);
}
