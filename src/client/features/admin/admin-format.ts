import { formatDate, formatGeos } from "../../../shared/format";
import type { ApprovalWarning } from "../../../shared/schemas/admin-publishers";
import type { BadgeTone } from "../../components/ui/badge";

// Display rules of the admin screens: one formatter for each figure. Payout and
// payment terms read as in the directory, so they come from the listings feature.

/** The first two geographies and "+n" for the rest; none reads as everywhere else does (formatGeos). */
export function formatAdminGeos(geos: string[]): string {
  if (geos.length <= 2) return formatGeos(geos);
  const shown = geos.slice(0, 2).join(", ");
  return geos.length > 2 ? `${shown} +${geos.length - 2}` : shown;
}

/** The minimum daily volume as "Min: n/day". */
export function formatMinVolume(minVolume: number | null): string {
  return `Min: ${minVolume ?? 0}/day`;
}

/** A listing's badge is green when active, yellow when paused, grey otherwise. */
export function listingStatusTone(status: string): BadgeTone {
  return status === "active" ? "green" : status === "paused" ? "yellow" : "grey";
}

/** Approved, Rejected, else Pending Review: any other status is still waiting for a decision. */
export function publisherStatusBadge(status: string): { label: string; tone: BadgeTone } {
  if (status === "approved") return { label: "Approved", tone: "green" };
  if (status === "rejected") return { label: "Rejected", tone: "red" };
  return { label: "Pending Review", tone: "yellow" };
}

export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * How the admin screens address an applicant: their company, else the contact's name, else their
 * email (never the website: a person or a firm decides, and is told).
 */
export function applicantName(applicant: {
  company: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  const company = applicant.company?.trim();
  if (company) return company;
  const name = [applicant.firstName, applicant.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || applicant.email;
}

const APPLICATION_STATUS: Record<string, string> = {
  pending: "pending review",
  approved: "approved",
  rejected: "rejected",
};

/** A warning an approval carries, as the list, the details and the confirmation say it. */
export function describeApprovalWarning(warning: ApprovalWarning): string {
  if (warning.code === "domain_unverified") {
    return warning.website
      ? `The domain is not verified: the verification tag has not been found on ${warning.website}.`
      : "The domain is not verified: this application names no website.";
  }
  const others = warning.others.map(
    (other) =>
      `${applicantName(other)} (${APPLICATION_STATUS[other.status] ?? other.status}, applied ${formatDate(other.createdAt)})`,
  );
  return others.length === 1
    ? `Another application for this website: ${others[0]}.`
    : `${others.length} other applications for this website: ${others.join("; ")}.`;
}
