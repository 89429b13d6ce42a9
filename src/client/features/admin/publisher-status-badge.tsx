import { Badge } from "../../components/ui/badge";
import { publisherStatusBadge } from "./admin-format";

export function PublisherStatusBadge({ status }: { status: string }) {
  const { label, tone } = publisherStatusBadge(status);
  return <Badge tone={tone}>{label}</Badge>;
}
