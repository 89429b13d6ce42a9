import type { PublisherProfile } from "../../../shared/schemas/publisher";
import { Badge } from "../../components/ui/badge";

/** Approved, Rejected, and Pending Review for anything else (a profile awaits a decision until made). */
export function ProfileStatusBadge({ status }: { status: PublisherProfile["status"] | string }) {
  if (status === "approved") return <Badge tone="green">Approved</Badge>;
  if (status === "rejected") return <Badge tone="red">Rejected</Badge>;
  return <Badge tone="yellow">Pending Review</Badge>;
}

const TIER_LABELS = { verified: "Verified", premium: "Premium", new: "New Publisher" } as const;

export function TierBadge({ tier }: { tier: PublisherProfile["tier"] }) {
  const tone = tier === "premium" ? "purple" : tier === "verified" ? "blue" : "grey";
  return <Badge tone={tone}>{TIER_LABELS[tier] ?? TIER_LABELS.new}</Badge>;
}
