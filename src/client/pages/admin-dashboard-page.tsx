import { ComingSoon } from "../features/shell/coming-soon";

export default function AdminDashboardPage() {
  return (
    <ComingSoon
      title="Admin Dashboard"
      description="Platform figures and the latest publisher applications waiting for review."
    />
  );
}
