import { ComingSoon } from "../features/shell/coming-soon";

export default function AdminPublishersPage() {
  return (
    <ComingSoon
      title="Manage Publishers"
      description="Review publisher applications: approve or reject them, with their compliance details."
    />
  );
}
