import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Privacy Policy" description="Coming soon." />;
}
