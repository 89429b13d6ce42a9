import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatDate } from "../../../shared/format";
import type { AccountSummary } from "../../../shared/schemas/account";
import { Badge } from "../../components/ui/badge";
import { RoleBadge } from "../auth";
import { describePlanStatus, signInMethodLabel } from "./account-format";
import { AccountSection, sectionTitle } from "./account-section";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-b border-slate-100 py-3 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 sm:w-44 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** Who the account is: address, role, how this session signed in, the plan and since when. */
export function SummarySection({ summary }: { summary: AccountSummary }) {
  const { plan } = summary;
  const isPremium = plan.name === "Premium";
  const planStatus = describePlanStatus(plan);
  return (
    <AccountSection id="summary" title={sectionTitle("summary")} description="Your account at a glance.">
      <dl data-testid="account-summary">
        <Fact term="Email">{summary.email}</Fact>
        <Fact term="Role">
          <RoleBadge role={summary.role} />
        </Fact>
        <Fact term="Signed in with">{signInMethodLabel(summary.signInMethod)}</Fact>
        <Fact term="Plan">
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={isPremium ? "purple" : "grey"}>{plan.name}</Badge>
            {planStatus && <span>{planStatus}</span>}
          </span>
          <span className="mt-1 block text-slate-700">SMS Alerts add-on: {plan.smsAddon ? "on" : "off"}</span>
          <Link href="/pricing" className="mt-1 inline-block font-medium text-brand-700 underline">
            {isPremium ? "Manage your plan and billing" : "Upgrade to Premium"}
          </Link>
        </Fact>
        <Fact term="Member since">{formatDate(summary.createdAt)}</Fact>
      </dl>
    </AccountSection>
  );
}
