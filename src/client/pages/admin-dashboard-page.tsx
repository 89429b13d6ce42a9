import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Admin Dashboard" description="Coming soon." />;
}
