import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Manage Buyers" description="Coming soon." />;
}
