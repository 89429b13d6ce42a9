import { ComingSoon } from "../features/shell/coming-soon";

export default function AdminBuyersPage() {
  return (
    <ComingSoon
      title="Manage Buyers"
      description="Create, edit and delete buyer listings, and import them in bulk from CSV."
    />
  );
}
