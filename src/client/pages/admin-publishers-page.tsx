import { CheckCircle2, Clock, Users, XCircle } from "lucide-react";
import { QueryState } from "../components/ui/query-state";
import { capitalize } from "../features/admin/admin-format";
import { AdminLayout } from "../features/admin/admin-layout";
import { AdminListSection } from "../features/admin/admin-list-section";
import { FilterBar } from "../features/admin/filter-bar";
import { PublisherCard } from "../features/admin/publisher-card";
import { StatCard, StatCardSkeletons } from "../features/admin/stat-card";
import { useAdminStats } from "../features/admin/use-admin-stats";
import { PUBLISHER_FILTERS, usePublishersForReview } from "../features/admin/use-publisher-review";
import { useUrlFilters } from "../features/admin/use-url-filters";

const STATUS_OPTIONS = PUBLISHER_FILTERS.map((status) => ({ value: status, label: capitalize(status) }));

function ReviewFigures() {
  const stats = useAdminStats();
  return (
    <section aria-label="Review figures">
      <QueryState
        query={stats}
        loadingLabel="Loading review figures…"
        loading={
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCardSkeletons count={4} />
          </div>
        }
      >
        {({ publishers }) => (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Pending Review" icon={Clock} value={publishers.pending} />
            <StatCard label="Approved Today" icon={CheckCircle2} value={publishers.approvedToday} />
            <StatCard label="Rejected Today" icon={XCircle} value={publishers.rejectedToday} />
            <StatCard label="Total Publishers" icon={Users} value={publishers.total} />
          </div>
        )}
      </QueryState>
    </section>
  );
}

export default function AdminPublishersPage() {
  const [filters, setFilters] = useUrlFilters({ status: "all", search: "" });
  const publishers = usePublishersForReview(filters);
  return (
    <AdminLayout
      title="Manage Publishers"
      description="Review publisher applications: approve or reject them, with their compliance details."
    >
      <ReviewFigures />
      <FilterBar
        label="Filter publishers"
        filters={filters}
        searchKey="search"
        searchPlaceholder="Website or vertical"
        selects={[{ key: "status", label: "Status", options: STATUS_OPTIONS }]}
        onApply={setFilters}
      />
      <AdminListSection
        headingId="applications-heading"
        heading={`Applications${publishers.total !== null ? ` (${publishers.total})` : ""}`}
        list={publishers}
        loadingLabel="Loading publisher applications…"
        emptyMessage="No publisher applications match these filters."
      >
        {(items) => (
          <div className="space-y-3">
            {items.map((publisher) => (
              <PublisherCard key={publisher.id} publisher={publisher} />
            ))}
          </div>
        )}
      </AdminListSection>
    </AdminLayout>
  );
}
