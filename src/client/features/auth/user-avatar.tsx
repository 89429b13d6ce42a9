import type { CurrentUser } from "../../../shared/schemas/auth";
import { Avatar, AvatarFallback, AvatarImage } from "../../components/ui/avatar";
import { cn } from "../../lib/cn";
import { getAvatarInitials } from "./user-display";

/** Decorative: the name always sits beside it or in the control's label. */
export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <Avatar className={cn(className)} aria-hidden>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback>{getAvatarInitials(user)}</AvatarFallback>
    </Avatar>
  );
}
