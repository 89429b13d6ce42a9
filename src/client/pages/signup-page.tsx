import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Signup" description="Coming soon." />;
}
