import { formatDate, formatPriceCents } from "../../../shared/format";
import type { BoostPurchase } from "../../../shared/schemas/boosts";
import type { BadgeTone } from "../../components/ui/badge";

// How a boost reads on the owner's screen and in the admin console: one wording for each state.

/** "Paid" through Stripe, or "Complimentary" from an admin. */
export function boostSourceLabel(source: BoostPurchase["source"]): string {
  return source === "stripe" ? "Paid" : "Complimentary";
}

/**
 * Where a purchase stands for a person: a refunded or ended one says so; an active one is running now,
 * waiting its turn after the one running (a Boost bought while boosted starts at the current end), or over.
 */
export function boostPurchaseState(
  purchase: Pick<BoostPurchase, "status" | "startsAt" | "endsAt">,
  now: Date = new Date(),
): { label: string; tone: BadgeTone } {
  if (purchase.status === "refunded") return { label: "Refunded", tone: "red" };
  if (purchase.status === "ended") return { label: "Ended early", tone: "yellow" };
  const time = now.getTime();
  if (Date.parse(purchase.endsAt) <= time) return { label: "Finished", tone: "grey" };
  if (Date.parse(purchase.startsAt) > time) return { label: "Upcoming", tone: "blue" };
  return { label: "Running", tone: "green" };
}

/** What was paid: "$99", or "No charge" for a complimentary grant. */
export function formatBoostAmount(amountCents: number): string {
  return amountCents > 0 ? formatPriceCents(amountCents) : "No charge";
}

/** "14 days", "1 day". */
export function formatBoostDays(days: number): string {
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** "Nov 26, 2026 to Dec 10, 2026". */
export function formatBoostPeriod(purchase: Pick<BoostPurchase, "startsAt" | "endsAt">): string {
  return `${formatDate(purchase.startsAt)} to ${formatDate(purchase.endsAt)}`;
}
