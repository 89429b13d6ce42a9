import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Buyer Dashboard" description="Coming soon." />;
}
