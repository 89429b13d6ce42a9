import { Download, FileUp, Plus } from "lucide-react";
import { useState } from "react";
import { LISTING_STATUSES, VERTICALS } from "../../shared/constants";
import type { AdminListing } from "../../shared/schemas/admin-listings";
import { Button } from "../components/ui/button";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { capitalize } from "../features/admin/admin-format";
import { AdminLayout } from "../features/admin/admin-layout";
import { AdminListSection } from "../features/admin/admin-list-section";
import { AdminListingCard } from "../features/admin/admin-listing-card";
import { EndBoostDialog, GrantBoostDialog } from "../features/admin/boost-dialogs";
import { FilterBar } from "../features/admin/filter-bar";
import { ImportCsvDialog } from "../features/admin/import-csv-dialog";
import { ImportStatusPanel } from "../features/admin/import-progress";
import { ListingDetailsDialog } from "../features/admin/listing-details-dialog";
import { ListingFormDialog } from "../features/admin/listing-form-dialog";
import { useFocusReturn } from "../features/admin/restore-focus";
import { useAdminListings, useDeleteListing } from "../features/admin/use-admin-listings";
import { EXPORT_URL, useListingImport } from "../features/admin/use-listing-import";
import { useUrlFilters } from "../features/admin/use-url-filters";

const VERTICAL_OPTIONS = [
  { value: "", label: "All verticals" },
  ...VERTICALS.map((v) => ({ value: v, label: v })),
];
const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  ...LISTING_STATUSES.map((s) => ({ value: s, label: capitalize(s) })),
];

type Open =
  | { mode: "create" | "import" }
  | { mode: "view" | "edit" | "delete" | "grant-boost" | "end-boost"; listing: AdminListing }
  | null;

export default function AdminBuyersPage() {
  const [filters, setFilters] = useUrlFilters({ search: "", vertical: "", status: "" });
  const listings = useAdminListings(filters);
  const [open, setDialog] = useState<Open>(null);
  const focus = useFocusReturn();
  const setOpen = (next: Open) => {
    focus.remember();
    setDialog(next);
  };
  const close = () => setDialog(null);
  const remove = useDeleteListing(close);
  // The import lives here, not in its dialog: closing the dialog does not stop it or its ending.
  const listingImport = useListingImport(close);
  const current = open && "listing" in open ? open.listing : null;

  return (
    <AdminLayout
      title="Manage Buyers"
      description="Create, edit and delete buyer listings in every status, with their contacts; grant or end boosts."
      actions={
        <>
          <Button onClick={() => setOpen({ mode: "create" })}>
            <Plus className="h-4 w-4" aria-hidden />
            Add listing
          </Button>
          <Button variant="secondary" onClick={() => setOpen({ mode: "import" })}>
            <FileUp className="h-4 w-4" aria-hidden />
            Import CSV
          </Button>
          <Button variant="secondary" asChild>
            <a href={EXPORT_URL} download>
              <Download className="h-4 w-4" aria-hidden />
              Export CSV
            </a>
          </Button>
        </>
      }
    >
      <ImportStatusPanel live={listingImport.run.isPending ? listingImport.status : undefined} />
      <FilterBar
        label="Filter listings"
        filters={filters}
        searchKey="search"
        searchPlaceholder="Title or description"
        selects={[
          { key: "vertical", label: "Vertical", options: VERTICAL_OPTIONS },
          { key: "status", label: "Status", options: STATUS_OPTIONS },
        ]}
        onApply={setFilters}
      />
      <AdminListSection
        headingId="buyer-database-heading"
        heading={`Listings (${listings.total ?? listings.items.length})`}
        list={listings}
        loadingLabel="Loading buyer listings…"
        emptyMessage="No buyer listings match these filters."
      >
        {(items) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((listing) => (
              <AdminListingCard
                key={listing.id}
                listing={listing}
                onView={() => setOpen({ mode: "view", listing })}
                onEdit={() => setOpen({ mode: "edit", listing })}
                onDelete={() => setOpen({ mode: "delete", listing })}
                onGrantBoost={() => setOpen({ mode: "grant-boost", listing })}
                onEndBoost={() => setOpen({ mode: "end-boost", listing })}
              />
            ))}
          </div>
        )}
      </AdminListSection>

      <ImportCsvDialog
        open={open?.mode === "import"}
        onOpenChange={(isOpen) => !isOpen && close()}
        onCloseAutoFocus={focus.restore}
        listingImport={listingImport}
      />
      <ListingFormDialog
        open={open?.mode === "create"}
        onOpenChange={(isOpen) => !isOpen && close()}
        onCloseAutoFocus={focus.restore}
      />
      {current && (
        <>
          <ListingFormDialog
            listing={current}
            open={open?.mode === "edit"}
            onOpenChange={(isOpen) => !isOpen && close()}
            onCloseAutoFocus={focus.restore}
          />
          <ListingDetailsDialog
            listing={current}
            open={open?.mode === "view"}
            onOpenChange={(isOpen) => !isOpen && close()}
            onCloseAutoFocus={focus.restore}
          />
          <GrantBoostDialog
            listing={current}
            open={open?.mode === "grant-boost"}
            onOpenChange={(isOpen) => !isOpen && close()}
            onCloseAutoFocus={focus.restore}
          />
          <EndBoostDialog
            listing={current}
            open={open?.mode === "end-boost"}
            onOpenChange={(isOpen) => !isOpen && close()}
            onCloseAutoFocus={focus.restore}
          />
          <ConfirmDialog
            open={open?.mode === "delete"}
            onOpenChange={(isOpen) => !isOpen && close()}
            onCloseAutoFocus={focus.restore}
            title="Delete this listing?"
            description={`"${current.title}" is removed for good, with its saved bookmarks, views and payout history. The audit log keeps a copy.`}
            confirmLabel="Delete listing"
            pendingLabel="Deleting..."
            isPending={remove.isPending}
            onConfirm={() => remove.mutate(current.id)}
          />
        </>
      )}
    </AdminLayout>
  );
}
