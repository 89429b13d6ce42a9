import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Buyer Details" description="Coming soon." />;
}
