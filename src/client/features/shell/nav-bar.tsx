import { Menu, PhoneCall, X } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Link, useLocation } from "wouter";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import {
  getDisplayName,
  LOGIN_PATH,
  LOGOUT_PATH,
  PlanBadge,
  RoleBadge,
  SIGNUP_PATH,
  UserAvatar,
  useAuth,
} from "../auth";
import { usePublicConfig } from "../config";
import { getActiveHref, getNavLinks, type NavLink } from "./nav-links";

const UserMenu = lazy(() => import("./user-menu"));

const linkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";

function NavItem({ link, label, active }: { link: NavLink; label: string; active: boolean }) {
  return (
    <Link href={link.href} aria-current={active ? "page" : undefined} className={linkClass}>
      {label}
    </Link>
  );
}

/** Sign In is a full navigation to /api/login, never a background call; Get Started Free is the signup page. */
function SignedOutActions({ stacked = false }: { stacked?: boolean }) {
  return (
    <div className={cn("flex gap-2", stacked && "flex-col")}>
      <Button asChild variant="ghost">
        <a href={LOGIN_PATH}>Sign In</a>
      </Button>
      <Button asChild>
        <Link href={SIGNUP_PATH}>Get Started Free</Link>
      </Button>
    </div>
  );
}

function MobileUserSummary({ user }: { user: CurrentUser }) {
  const name = getDisplayName(user);
  return (
    <div className="flex items-center gap-3 px-3 py-2">
      <UserAvatar user={user} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{name}</p>
        {name !== user.email && <p className="truncate text-sm text-slate-600">{user.email}</p>}
        <p className="mt-1 flex gap-1">
          <RoleBadge role={user.role} />
          <PlanBadge user={user} />
        </p>
      </div>
    </div>
  );
}

export function NavBar() {
  const { user, isLoading } = useAuth();
  const { data: config } = usePublicConfig();
  const [path] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  // A followed link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change on purpose
  useEffect(() => setMenuOpen(false), [path]);

  const links = getNavLinks(user);
  const barLinks = links.filter((link) => link.label);
  const barActive = getActiveHref(barLinks, path);
  const mobileActive = getActiveHref(links, path);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        {/* min-w-44 holds the default name's width (icon and "PayPerCall Hub") until /api/config names
            the app, so the links beside it do not move when it arrives (no layout shift). */}
        <Link href="/" className="flex min-w-44 items-center gap-2 text-lg font-bold text-slate-900">
          <PhoneCall className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />
          <span className="truncate">{config?.appName ?? <span className="sr-only">Home</span>}</span>
        </Link>

        <div className="hidden flex-1 items-center gap-1 md:flex">
          {barLinks.map((link) => (
            <NavItem key={link.href} link={link} label={link.label!} active={barActive === link.href} />
          ))}
          {user && <PlanBadge user={user} />}
        </div>

        <div className="ml-auto hidden items-center md:flex">
          {isLoading ? null : user ? (
            <Suspense fallback={<UserAvatar user={user} />}>
              <UserMenu user={user} links={links} path={path} />
            </Suspense>
          ) : (
            <SignedOutActions />
          )}
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="ml-auto md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        </Button>
      </nav>

      {menuOpen && (
        <nav
          id={menuId}
          aria-label="Mobile"
          className="border-t border-slate-200 px-4 pb-4 pt-2 md:hidden"
          onKeyDown={(event) => {
            if (event.key === "Escape") setMenuOpen(false);
          }}
        >
          {user && <MobileUserSummary user={user} />}
          <ul className="mt-2 flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.href} className="flex">
                <NavItem
                  link={link}
                  label={(user ? link.menuLabel : null) ?? link.label!}
                  active={mobileActive === link.href}
                />
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-slate-200 pt-3">
            {isLoading ? null : user ? (
              <a href={LOGOUT_PATH} className={linkClass}>
                Log out
              </a>
            ) : (
              <SignedOutActions stacked />
            )}
          </div>
        </nav>
      )}
    </header>
  );
}
