import { ComingSoon } from "../features/shell/coming-soon";

export default function PublisherDashboardPage() {
  return (
    <ComingSoon
      title="Publisher Dashboard"
      description="Your profile status, quality score, compliance and saved buyers."
    />
  );
}
