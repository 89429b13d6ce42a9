import { and, eq, exists, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { buyerProfiles, dealIntents, publisherProfiles, reviews } from "../db/schema";
import type { Viewer } from "./viewer";

// The deal intent a party acts on, locked for the rest of the transaction: deciding it (the buyer,
// features/deal-intents), reviewing its buyer (the publisher, features/reviews) and disputing it (either
// party, features/disputes) each start here. It lives below the features because reviews ranks under
// deal-intents (docs/architecture.md, "Server layers") and may not import it.

/** Which party of the intent may act on it: anyone else finds nothing, as for an unknown intent. */
export type DealParty = "buyer" | "publisher" | "either";

/**
 * The intent `intentId` locked (`for update` of the intent's row only) if the viewer is its `party`,
 * else undefined: the caller answers 404 without saying whether it exists. `reviewed`: its buyer was
 * reviewed already.
 */
export async function lockDealIntentForParty(
  tx: Db,
  intentId: string,
  viewer: Pick<Viewer, "id">,
  party: DealParty,
) {
  const asBuyer = eq(buyerProfiles.userId, viewer.id);
  const asPublisher = eq(publisherProfiles.userId, viewer.id);
  const [intent] = await tx
    .select({
      status: dealIntents.status,
      buyerId: dealIntents.buyerId,
      publisherId: dealIntents.publisherId,
      buyerUserId: buyerProfiles.userId,
      reviewed: exists(
        tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.dealIntentId, dealIntents.id)),
      ).mapWith(Boolean),
    })
    .from(dealIntents)
    .innerJoin(buyerProfiles, eq(buyerProfiles.id, dealIntents.buyerId))
    .innerJoin(publisherProfiles, eq(publisherProfiles.id, dealIntents.publisherId))
    .where(
      and(
        eq(dealIntents.id, intentId),
        party === "buyer" ? asBuyer : party === "publisher" ? asPublisher : or(asBuyer, asPublisher),
      ),
    )
    .for("update", { of: dealIntents });
  return intent;
}
