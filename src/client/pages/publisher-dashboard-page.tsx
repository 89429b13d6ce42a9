import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Publisher Dashboard" description="Coming soon." />;
}
