import type { CurrentUser } from "../../shared/schemas/auth";
import { getAvatarInitials } from "../features/auth/user-display";
import { cn } from "../lib/cn";
import { Avatar, AvatarFallback, AvatarImage } from "./ui/avatar";

/** Decorative: the name always sits beside it or in the control's label. */
export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <Avatar className={cn(className)} aria-hidden>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback>{getAvatarInitials(user)}</AvatarFallback>
    </Avatar>
  );
}
