import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Manage Publishers" description="Coming soon." />;
}
