import { FREE_PLAN_FEATURES } from "../../../shared/constants";
import type { CurrentUser } from "../../../shared/schemas/auth";

interface WelcomeLink {
  label: string;
  href: string;
}

/** What the welcome dialog says to one reader: what their account gives them and where to start. */
export interface WelcomeCopy {
  intro: string;
  items: readonly string[];
  /** A closing note under the list (the free plan's upgrade line). */
  note?: string;
  primary: WelcomeLink;
  secondary?: WelcomeLink;
}

const START_BROWSING: WelcomeLink = { label: "Start Browsing Buyers", href: "/browse" };

/**
 * The standard welcome text (what the free plan gives, then the upgrade offer) is written for a free
 * account, so free publishers and guests get it word for word. The others would read an upgrade offer
 * they do not need, so each role gets what its account is for: a buyer's is posting listings, an
 * admin's vetting and curating; Premium members get what Premium unlocks (contacts, instant alerts)
 * and no upgrade link. Alerts live in the publisher dashboard, so a Premium guest is told they come with
 * the publisher profile. The role decides before Premium: an admin or buyer holding Premium still reads
 * their role's text.
 */
export function getWelcomeCopy(user: Pick<CurrentUser, "role" | "hasActiveSubscription">): WelcomeCopy {
  if (user.role === "admin") {
    return {
      intro: "As an administrator you can:",
      items: [
        "Vet publisher applications: review their details and TCPA compliance, then approve or reject",
        "Curate buyer listings: add, edit and delete them for any buyer, or import a spreadsheet of them",
        "Follow the platform's figures, users and audit log in the admin dashboard",
      ],
      primary: { label: "Open Admin Dashboard", href: "/admin/dashboard" },
      secondary: { label: "Browse Buyers", href: "/browse" },
    };
  }
  if (user.role === "buyer") {
    return {
      intro: "Your buyer account lets you:",
      items: [
        "Post listings with your payout, call requirements and geographies",
        "Manage your listings, deal requests and analytics in the buyer dashboard",
        "See the directory as publishers see it",
      ],
      primary: { label: "Open Buyer Dashboard", href: "/buyer/dashboard" },
      secondary: { label: "Browse Buyers", href: "/browse" },
    };
  }
  if (user.hasActiveSubscription) {
    return {
      intro: "Your Premium membership gives you:",
      items: [
        "Buyer contact details on every listing: company, email, phone and application link",
        user.role === "publisher"
          ? "Instant email alerts when a new listing matches your alerts (your dashboard's Alerts tab)"
          : "Instant email alerts when a new listing matches, once your publisher profile is set up",
        "Contact Buyer on any listing, and your saved listings in one place",
        "Every buyer listing, payout range and search filter",
      ],
      primary: START_BROWSING,
      secondary: { label: "Saved Listings", href: "/saved" },
    };
  }
  return {
    intro: "Your free account gives you access to:",
    items: FREE_PLAN_FEATURES,
    note: "Upgrade to Premium to unlock buyer contact information: email, phone and application link.",
    primary: START_BROWSING,
    secondary: { label: "View Plans", href: "/pricing" },
  };
}
