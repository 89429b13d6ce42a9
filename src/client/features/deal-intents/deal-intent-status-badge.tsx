import type { DealIntentStatus } from "../../../shared/constants";
import { Badge, type BadgeTone } from "../../components/ui/badge";

// A deal request's status, pending yellow, accepted green, rejected red: on both dashboards' Deal
// Requests tabs and on the listing page, which must not load the tabs' schemas to show it.

const STATUS: Record<DealIntentStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "yellow" },
  accepted: { label: "Accepted", tone: "green" },
  rejected: { label: "Rejected", tone: "red" },
};

export function DealIntentStatusBadge({ status }: { status: DealIntentStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}
