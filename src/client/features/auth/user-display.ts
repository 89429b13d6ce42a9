import type { Role } from "../../../shared/constants";
import type { BadgeTone } from "../../components/ui/badge";

type Named = { email?: string | null; firstName?: string | null; lastName?: string | null };

const clean = (value: string | null | undefined): string => value?.trim() ?? "";

/** First plus last name when both exist, else the email, else "User". */
export function getDisplayName(user: Named): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  if (first && last) return `${first} ${last}`;
  return clean(user.email) || "User";
}

/** The two initials, else the first letter of the email, else "U". */
export function getAvatarInitials(user: Named): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const email = clean(user.email);
  return email ? email[0]!.toUpperCase() : "U";
}

/** Full name (whatever parts exist), else the email: who the home page greets. */
export function getFullNameOrEmail(user: Named): string {
  const name = [clean(user.firstName), clean(user.lastName)].filter(Boolean).join(" ");
  return name || clean(user.email) || "User";
}

/** Welcome dialog: first name, else the part of the email before the @, else "there". */
export function getWelcomeName(user: Named): string {
  const first = clean(user.firstName);
  if (first) return first;
  const local = clean(user.email).split("@")[0] ?? "";
  return local || "there";
}

const ROLE_TONES: Record<Role, BadgeTone> = {
  admin: "red",
  buyer: "blue",
  publisher: "green",
  guest: "grey",
};

export function getRoleBadgeTone(role: string): BadgeTone {
  return ROLE_TONES[role as Role] ?? "grey";
}

export function getRoleLabel(role: string): string {
  return role ? role[0]!.toUpperCase() + role.slice(1) : "Guest";
}
