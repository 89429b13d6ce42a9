import type { CurrentUser } from "../../../shared/schemas/auth";

export interface NavLink {
  href: string;
  /** Name in the top bar; null when the link lives only in the user menu. */
  label: string | null;
  /** Name in the signed-in user menu (some differ there: "Pricing & Settings"); null: bar only. */
  menuLabel: string | null;
  /** Browse and pricing highlight on an exact match, role areas on their path prefix. */
  match: { exact: string } | { prefix: string };
}

const BROWSE: NavLink = {
  href: "/browse",
  label: "Browse Buyers",
  menuLabel: null,
  match: { exact: "/browse" },
};
const PRICING: NavLink = {
  href: "/pricing",
  label: "Pricing",
  menuLabel: "Pricing & Settings",
  match: { exact: "/pricing" },
};

// Every signed-in user can save listings, so every user menu leads to them.
const SAVED: NavLink = {
  href: "/saved",
  label: null,
  menuLabel: "Saved Listings",
  match: { exact: "/saved" },
};

// Every signed-in user has their own settings: the Account page, last in the menu, beside Log out.
const ACCOUNT: NavLink = {
  href: "/account",
  label: null,
  menuLabel: "Account",
  match: { prefix: "/account" },
};

/**
 * Links for the viewer's role in display order. The top bar shows those with a
 * `label`, the user menu those with a `menuLabel`, and the mobile menu all of them.
 */
export function getNavLinks(user: Pick<CurrentUser, "role"> | null): NavLink[] {
  const links = [BROWSE, PRICING];
  if (user) links.push(SAVED);
  switch (user?.role) {
    case "admin":
      links.push(
        {
          href: "/admin/dashboard",
          label: "Admin",
          menuLabel: "Admin Dashboard",
          match: { prefix: "/admin" },
        },
        {
          href: "/admin/publishers",
          label: null,
          menuLabel: "Manage Publishers",
          match: { prefix: "/admin/publishers" },
        },
        // The rest of the admin console, menu only: buyer listings, buyer verifications, users, the audit
        // log and failed mail.
        {
          href: "/admin/buyers",
          label: null,
          menuLabel: "Manage Buyers",
          match: { prefix: "/admin/buyers" },
        },
        {
          href: "/admin/verifications",
          label: null,
          menuLabel: "Buyer Verifications",
          match: { prefix: "/admin/verifications" },
        },
        { href: "/admin/users", label: null, menuLabel: "Users", match: { prefix: "/admin/users" } },
        { href: "/admin/audit", label: null, menuLabel: "Audit Log", match: { prefix: "/admin/audit" } },
        { href: "/admin/mail", label: null, menuLabel: "Failed Mail", match: { prefix: "/admin/mail" } },
      );
      break;
    case "publisher":
      links.push(
        {
          href: "/publisher/dashboard",
          label: "Dashboard",
          menuLabel: "Publisher Dashboard",
          match: { prefix: "/publisher" },
        },
        {
          href: "/publisher/profile",
          label: "Profile",
          menuLabel: "Profile",
          match: { prefix: "/publisher/profile" },
        },
      );
      break;
    case "buyer":
      links.push({
        href: "/buyer/dashboard",
        label: "Dashboard",
        menuLabel: "Buyer Dashboard",
        match: { prefix: "/buyer" },
      });
      break;
  }
  if (user) links.push(ACCOUNT);
  return links;
}

function matches(link: NavLink, path: string): boolean {
  if ("exact" in link.match) return path === link.match.exact;
  const { prefix } = link.match;
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The one link to highlight for `path`, or undefined. When links share an area (Dashboard and Profile
 * both live under /publisher) the most specific match wins, so only one link is ever highlighted.
 */
export function getActiveHref(links: NavLink[], path: string): string | undefined {
  let best: NavLink | undefined;
  let bestLength = -1;
  for (const link of links) {
    if (!matches(link, path)) continue;
    const length = "exact" in link.match ? link.match.exact.length : link.match.prefix.length;
    if (length > bestLength) {
      best = link;
      bestLength = length;
    }
  }
  return best?.href;
}
