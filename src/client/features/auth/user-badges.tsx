import type { CurrentUser } from "../../../shared/schemas/auth";
import { Badge } from "../../components/ui/badge";
import { getRoleBadgeTone, getRoleLabel } from "./user-display";

/** Role badge colours: admin red, buyer blue, publisher green, anyone else grey. */
export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge tone={getRoleBadgeTone(role)} data-testid="role-badge">
      {getRoleLabel(role)}
    </Badge>
  );
}

/** Publishers see which plan they are on, in the navigation bar. */
export function PlanBadge({ user }: { user: CurrentUser }) {
  if (user.role !== "publisher") return null;
  return user.hasActiveSubscription ? (
    <Badge tone="purple" data-testid="plan-badge">
      Premium
    </Badge>
  ) : (
    <Badge tone="grey" data-testid="plan-badge">
      Free
    </Badge>
  );
}
