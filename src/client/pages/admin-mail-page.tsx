import { AdminLayout } from "../features/admin/admin-layout";
import { AdminListSection } from "../features/admin/admin-list-section";
import { FailedMailTable } from "../features/admin/failed-mail-table";
import { useFailedMail } from "../features/admin/use-failed-mail";

export default function AdminMailPage() {
  const mails = useFailedMail();
  return (
    <AdminLayout
      title="Failed Mail"
      description="Mail the server could not deliver after all its retries. Retry sends it once more."
    >
      <AdminListSection
        headingId="failed-mail-heading"
        heading={`Failed mail${mails.total !== null ? ` (${mails.total})` : ""}`}
        list={mails}
        loadingLabel="Loading failed mail…"
        emptyMessage="No failed mail: everything the server queued was delivered or is still being tried."
      >
        {(items) => <FailedMailTable mails={items} />}
      </AdminListSection>
    </AdminLayout>
  );
}
