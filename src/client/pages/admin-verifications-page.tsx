import { AdminLayout } from "../features/admin/admin-layout";
import { AdminListSection } from "../features/admin/admin-list-section";
import { FilterBar } from "../features/admin/filter-bar";
import {
  useBuyerVerificationsForReview,
  VERIFICATION_FILTER_LABELS,
  VERIFICATION_FILTERS,
  verificationFilter,
} from "../features/admin/use-buyer-verification-review";
import { useUrlFilters } from "../features/admin/use-url-filters";
import { VerificationCard } from "../features/admin/verification-card";

const STATUS_OPTIONS = VERIFICATION_FILTERS.map((status) => ({
  value: status,
  label: VERIFICATION_FILTER_LABELS[status],
}));

const EMPTY_MESSAGES = {
  submitted: "No buyer is waiting for review.",
  approved: "No buyer holds the badge.",
  rejected: "No verification has been rejected.",
  revoked: "No badge has been revoked.",
} as const;

export default function AdminVerificationsPage() {
  const [filters, setFilters] = useUrlFilters({ status: "submitted" });
  const status = verificationFilter(filters.status);
  const verifications = useBuyerVerificationsForReview(status);
  const label = VERIFICATION_FILTER_LABELS[status];
  return (
    <AdminLayout
      title="Buyer Verifications"
      description="Review buyers who proved their domain and work email: approve with the checklist, reject with a reason, or revoke a badge."
    >
      <FilterBar
        label="Filter verifications"
        filters={{ status }}
        selects={[{ key: "status", label: "Status", options: STATUS_OPTIONS }]}
        onApply={setFilters}
      />
      <AdminListSection
        headingId="verifications-heading"
        heading={`${label}${verifications.total !== null ? ` (${verifications.total})` : ""}`}
        list={verifications}
        loadingLabel="Loading buyer verifications…"
        emptyMessage={EMPTY_MESSAGES[status]}
      >
        {(items) => (
          <div className="space-y-3">
            {items.map((verification) => (
              <VerificationCard key={verification.id} verification={verification} />
            ))}
          </div>
        )}
      </AdminListSection>
    </AdminLayout>
  );
}
