import { CalendarPlus, Clock, DollarSign, Gavel, Star, Users } from "lucide-react";
import { Link } from "wouter";
import { DASHBOARD_PENDING_PUBLISHERS } from "../../shared/constants";
import { formatDate, formatDateTime, formatDollars, formatPriceCents } from "../../shared/format";
import type { AdminStats } from "../../shared/schemas/admin";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { AdminDisputesPanel } from "../features/admin/admin-disputes";
import { applicantName } from "../features/admin/admin-format";
import { AdminLayout } from "../features/admin/admin-layout";
import { ApprovalWarningList } from "../features/admin/approval-warning-list";
import { describeAuditEntry } from "../features/admin/audit-sentences";
import { EmptyList, ListSkeleton } from "../features/admin/list-states";
import { PublisherDecisionButtons } from "../features/admin/publisher-decision-buttons";
import { useFocusRescue } from "../features/admin/restore-focus";
import { StatCard, StatCardSkeletons } from "../features/admin/stat-card";
import { useAdminStats } from "../features/admin/use-admin-stats";
import { useAuditLog } from "../features/admin/use-audit-log";
import { usePublishersForReview } from "../features/admin/use-publisher-review";

const RECENT_ACTIVITY = 8;
const NO_FILTERS = { action: "", userId: "", from: "", to: "" };

function plural(n: number, word: string): string {
  return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

function DashboardFigures({ stats }: { stats: AdminStats }) {
  const { users, premium, publishers, listings } = stats;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        label="Total Users"
        icon={Users}
        value={users.total.toLocaleString("en-US")}
        detail={`${plural(users.admin, "admin")} · ${plural(users.publisher, "publisher")} · ${plural(users.buyer, "buyer")} · ${plural(users.guest, "guest")}${users.disabled ? ` · ${users.disabled} disabled` : ""}`}
      />
      <StatCard
        label="Premium Subscribers"
        icon={Star}
        value={premium.subscribers.toLocaleString("en-US")}
        detail={`${premium.paid} paid · ${premium.complimentary} complimentary`}
      />
      <StatCard
        label="Monthly Recurring Revenue"
        icon={DollarSign}
        value={formatDollars(premium.monthlyRecurringRevenue)}
        detail={`${plural(premium.paid, "paid subscription")} × ${formatPriceCents(premium.priceCents)}/${premium.interval} ÷ 12`}
      />
      <StatCard
        label="Pending Reviews"
        icon={Clock}
        value={publishers.pending.toLocaleString("en-US")}
        detail="Publisher applications waiting for a decision"
      />
      <StatCard
        label="Open Disputes"
        icon={Gavel}
        value={stats.openDisputes.toLocaleString("en-US")}
        detail="Disputes waiting for a decision"
      />
      <StatCard
        label="New Listings This Week"
        icon={CalendarPlus}
        value={listings.newThisWeek.toLocaleString("en-US")}
        detail={`${listings.active.toLocaleString("en-US")} active of ${plural(listings.total, "listing")}`}
      />
    </div>
  );
}

function RecentActivity() {
  const { query, items } = useAuditLog(NO_FILTERS, RECENT_ACTIVITY);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>The latest entries of the audit log.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={query} loadingLabel="Loading recent activity…" loading={<ListSkeleton rows={2} />}>
          {() =>
            items.length === 0 ? (
              <p className="text-sm text-slate-600">Nothing has happened yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((entry) => (
                  <li
                    key={entry.id}
                    className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4"
                  >
                    <span className="break-words text-sm">{describeAuditEntry(entry)}</span>
                    <time dateTime={entry.createdAt} className="shrink-0 text-xs text-slate-600">
                      {formatDateTime(entry.createdAt)}
                    </time>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        <Link href="/admin/audit" className="inline-block text-sm font-medium text-brand-700 hover:underline">
          Open the audit log
        </Link>
      </CardContent>
    </Card>
  );
}

function ListingsByVertical({ stats }: { stats: AdminStats }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Listings per Vertical</CardTitle>
        <CardDescription>Every listing, and how many of them are active.</CardDescription>
      </CardHeader>
      <CardContent>
        {stats.listings.byVertical.length === 0 ? (
          <p className="text-sm text-slate-600">No listings yet.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="py-1 font-medium">
                  Vertical
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Active
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {stats.listings.byVertical.map((row) => (
                <tr key={row.vertical}>
                  <th scope="row" className="py-1.5 text-left font-medium">
                    {row.vertical}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{row.active}</td>
                  <td className="py-1.5 text-right tabular-nums">{row.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/** The first 5 pending applications (those waiting longest), with Approve and Reject. */
function PendingPublishers() {
  const { query, items, total } = usePublishersForReview({
    status: "pending",
    search: "",
    limit: DASHBOARD_PENDING_PUBLISHERS,
  });
  useFocusRescue("pending-publishers-heading", query.data);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="pending-publishers-heading" tabIndex={-1}>
          Pending Publishers
        </CardTitle>
        <CardDescription>
          {total !== null && total > DASHBOARD_PENDING_PUBLISHERS
            ? `The ${DASHBOARD_PENDING_PUBLISHERS} waiting longest, of ${total} pending.`
            : "Applications waiting for a decision, longest waiting first."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState
          query={query}
          loadingLabel="Loading pending publishers…"
          loading={<ListSkeleton rows={2} />}
        >
          {() =>
            items.length === 0 ? (
              <EmptyList message="No applications are waiting for review." />
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((publisher) => (
                  <li
                    key={publisher.id}
                    className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0 space-y-1">
                      <p className="break-all font-medium">{publisher.website ?? publisher.email}</p>
                      <p className="text-sm text-slate-600">
                        {applicantName(publisher)} · Applied {formatDate(publisher.createdAt)}
                        {publisher.verticals.length > 0 && ` · ${publisher.verticals.join(", ")}`}
                      </p>
                      <ApprovalWarningList publisher={publisher} />
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <PublisherDecisionButtons publisher={publisher} />
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        <Button asChild variant="secondary">
          <Link href="/admin/publishers">Manage Publishers</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function BuyersTab({ stats }: { stats: AdminStats | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Buyer Listings</CardTitle>
        <CardDescription>
          {stats
            ? `${plural(stats.listings.total, "listing")}, ${stats.listings.active} active, from ${plural(stats.users.buyer, "buyer")}.`
            : "Create, edit and delete listings on behalf of buyers."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href="/admin/buyers">Manage Buyers</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export default function AdminDashboardPage() {
  const stats = useAdminStats();
  return (
    <AdminLayout
      title="Admin Dashboard"
      description="Live figures of the platform, recent activity and the applications waiting for review."
    >
      <section aria-label="Platform figures">
        <QueryState
          query={stats}
          loadingLabel="Loading platform figures…"
          loading={
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <StatCardSkeletons count={6} />
            </div>
          }
        >
          {(data) => <DashboardFigures stats={data} />}
        </QueryState>
      </section>
      <Tabs defaultValue="overview">
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="publishers">Publishers</TabsTrigger>
          <TabsTrigger value="buyers">Buyers</TabsTrigger>
          <TabsTrigger value="disputes">Disputes</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid gap-4 lg:grid-cols-2">
          <RecentActivity />
          {stats.data && <ListingsByVertical stats={stats.data} />}
        </TabsContent>
        <TabsContent value="publishers">
          <PendingPublishers />
        </TabsContent>
        <TabsContent value="buyers">
          <BuyersTab stats={stats.data} />
        </TabsContent>
        <TabsContent value="disputes">
          <AdminDisputesPanel />
        </TabsContent>
      </Tabs>
    </AdminLayout>
  );
}
