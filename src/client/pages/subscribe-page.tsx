import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Subscribe to Premium" description="Coming soon." />;
}
