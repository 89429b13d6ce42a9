import { ROLES } from "../../shared/constants";
import { capitalize } from "../features/admin/admin-format";
import { AdminLayout } from "../features/admin/admin-layout";
import { AdminListSection } from "../features/admin/admin-list-section";
import { FilterBar } from "../features/admin/filter-bar";
import { useAdminUsers } from "../features/admin/use-admin-users";
import { useUrlFilters } from "../features/admin/use-url-filters";
import { UserCard } from "../features/admin/user-card";
import { useAuth } from "../features/auth/use-auth";

const ROLE_OPTIONS = [
  { value: "", label: "All roles" },
  ...ROLES.map((r) => ({ value: r, label: capitalize(r) })),
];
const STATE_OPTIONS = [
  { value: "", label: "All accounts" },
  { value: "active", label: "Active" },
  { value: "disabled", label: "Disabled" },
];

export default function AdminUsersPage() {
  const { user: viewer } = useAuth();
  const [filters, setFilters] = useUrlFilters({ search: "", role: "", state: "" });
  const users = useAdminUsers(filters);
  return (
    <AdminLayout
      title="Users"
      description="Find accounts, change roles, disable or enable access, and grant complimentary Premium."
    >
      <FilterBar
        label="Filter users"
        filters={filters}
        searchKey="search"
        searchPlaceholder="Email or name"
        selects={[
          { key: "role", label: "Role", options: ROLE_OPTIONS },
          { key: "state", label: "Account", options: STATE_OPTIONS },
        ]}
        onApply={setFilters}
      />
      <AdminListSection
        headingId="users-heading"
        heading={`Users${users.total !== null ? ` (${users.total})` : ""}`}
        list={users}
        loadingLabel="Loading users…"
        emptyMessage="No users match these filters."
      >
        {(items) => (
          <div className="space-y-3">
            {items.map((user) => (
              <UserCard key={user.id} user={user} viewerId={viewer?.id ?? ""} />
            ))}
          </div>
        )}
      </AdminListSection>
    </AdminLayout>
  );
}
