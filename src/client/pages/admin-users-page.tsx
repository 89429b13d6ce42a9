import { ROLES } from "../../shared/constants";
import { QueryState } from "../components/ui/query-state";
import { capitalize } from "../features/admin/admin-format";
import { AdminLayout } from "../features/admin/admin-layout";
import { FilterBar } from "../features/admin/filter-bar";
import { useFocusRescue } from "../features/admin/focus";
import { EmptyList, ListFooter, ListSkeleton } from "../features/admin/list-footer";
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
  const { query, items, total } = useAdminUsers(filters);
  useFocusRescue("users-heading", query.data);
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
      <section aria-labelledby="users-heading" aria-busy={query.isLoading} className="space-y-4">
        <h2 id="users-heading" tabIndex={-1} className="text-xl font-semibold">
          Users{total !== null ? ` (${total})` : ""}
        </h2>
        <QueryState query={query} loadingLabel="Loading users…" loading={<ListSkeleton />}>
          {() =>
            items.length === 0 ? (
              <EmptyList message="No users match these filters." />
            ) : (
              <>
                <div className="space-y-3">
                  {items.map((user) => (
                    <UserCard key={user.id} user={user} viewerId={viewer?.id ?? ""} />
                  ))}
                </div>
                <ListFooter query={query} />
              </>
            )
          }
        </QueryState>
      </section>
    </AdminLayout>
  );
}
