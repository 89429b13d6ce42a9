import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Browse Buyers" description="Coming soon." />;
}
