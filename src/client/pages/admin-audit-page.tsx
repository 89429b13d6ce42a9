import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { AdminLayout } from "../features/admin/admin-layout";
import { AdminListSection } from "../features/admin/admin-list-section";
import { AuditEntryCard } from "../features/admin/audit-entry-card";
import { auditActionName } from "../features/admin/audit-sentences";
import { type ComboboxOption, EntityCombobox } from "../features/admin/entity-combobox";
import { FilterBar } from "../features/admin/filter-bar";
import { useUserById, useUserOptions } from "../features/admin/use-admin-users";
import { type AuditFilters, useAuditActions, useAuditLog } from "../features/admin/use-audit-log";
import { useUrlFilters } from "../features/admin/use-url-filters";

const toOption = (user: { id: string; email: string; role: string }): ComboboxOption => ({
  id: user.id,
  label: user.email,
  description: user.role,
});

function useUserChoices(search: string, enabled: boolean) {
  const query = useUserOptions(search, enabled);
  return { ...query, data: query.data?.map(toOption) };
}

/** The user filter: search people by email or name; the URL keeps only the id. */
function UserFilter({ userId, onChange }: { userId: string; onChange: (userId: string) => void }) {
  const chosen = useUserById(userId);
  const selected = userId ? (chosen.data ? toOption(chosen.data) : { id: userId, label: userId }) : null;
  return (
    <div className="min-w-0 space-y-1.5 md:w-64">
      <Label htmlFor="audit-user">User</Label>
      <EntityCombobox
        id="audit-user"
        selected={selected}
        onSelect={(option) => onChange(option?.id ?? "")}
        useOptions={useUserChoices}
        placeholder="Any user"
        clearLabel="Clear the user filter"
      />
    </div>
  );
}

export default function AdminAuditPage() {
  const [filters, setFilters] = useUrlFilters<AuditFilters>({ action: "", userId: "", from: "", to: "" });
  const actions = useAuditActions();
  const log = useAuditLog(filters);
  const actionOptions = [
    { value: "", label: "All actions" },
    // The current filter stays a choice even before the list of actions arrives.
    ...[...new Set([...(actions.data ?? []), ...(filters.action ? [filters.action] : [])])]
      .sort()
      .map((action) => ({ value: action, label: `${auditActionName(action)} (${action})` })),
  ];
  return (
    <AdminLayout
      title="Audit Log"
      description="Every sign-in, admin decision and money change, newest first. Entries cannot be changed or deleted."
    >
      <FilterBar
        label="Filter the audit log"
        filters={filters}
        selects={[{ key: "action", label: "Action", options: actionOptions }]}
        onApply={setFilters}
        extra={(draft, set) => (
          <>
            <UserFilter userId={draft.userId} onChange={(userId) => setFilters({ ...draft, userId })} />
            <div className="space-y-1.5 md:w-44">
              <Label htmlFor="audit-from">From</Label>
              <Input
                id="audit-from"
                type="date"
                value={draft.from}
                onChange={(e) => set("from", e.target.value)}
              />
            </div>
            <div className="space-y-1.5 md:w-44">
              <Label htmlFor="audit-to">To</Label>
              <Input id="audit-to" type="date" value={draft.to} onChange={(e) => set("to", e.target.value)} />
            </div>
          </>
        )}
      />
      <AdminListSection
        headingId="audit-heading"
        heading="Entries"
        list={log}
        loadingLabel="Loading the audit log…"
        emptyMessage="No audit entries match these filters."
      >
        {(items) => (
          <>
            <p role="status" className="text-sm text-slate-600">
              Showing {items.length} {items.length === 1 ? "entry" : "entries"}
              {log.query.hasNextPage ? " (more available)" : ""}
            </p>
            <ol className="space-y-3">
              {items.map((entry) => (
                <AuditEntryCard key={entry.id} entry={entry} />
              ))}
            </ol>
          </>
        )}
      </AdminListSection>
    </AdminLayout>
  );
}
