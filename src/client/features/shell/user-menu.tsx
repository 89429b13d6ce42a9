import { ChevronDown, LogOut } from "lucide-react";
import { Link } from "wouter";
import type { CurrentUser } from "../../../shared/schemas/auth";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { getDisplayName, LOGOUT_PATH, PlanBadge, RoleBadge, UserAvatar } from "../auth";
import { getActiveHref, type NavLink } from "./nav-links";

// Its own chunk (loaded only once someone is signed in): the menu primitives are the heaviest part of
// the bar, and the landing page's initial JavaScript has a budget (docs/performance.md).
export default function UserMenu({
  user,
  links,
  path,
}: {
  user: CurrentUser;
  links: NavLink[];
  path: string;
}) {
  const name = getDisplayName(user);
  const menuLinks = links.filter((link) => link.menuLabel);
  const active = getActiveHref(menuLinks, path);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${name}`}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100"
      >
        <UserAvatar user={user} />
        <span className="hidden max-w-40 truncate text-sm font-medium lg:inline">{name}</span>
        <span className="hidden lg:inline-flex">
          <RoleBadge role={user.role} />
        </span>
        <ChevronDown className="h-4 w-4 text-slate-600" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{name}</span>
          {name !== user.email && <span className="block truncate text-slate-600">{user.email}</span>}
          <span className="mt-1 flex gap-1">
            <RoleBadge role={user.role} />
            <PlanBadge user={user} />
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menuLinks.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link
              href={link.href}
              aria-current={active === link.href ? "page" : undefined}
              className="aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
            >
              {link.menuLabel}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {/* A full navigation, not a background call: the server ends the session and redirects. */}
          <a href={LOGOUT_PATH}>
            <LogOut className="h-4 w-4" aria-hidden />
            Log out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
