import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Publisher Profile" description="Coming soon." />;
}
