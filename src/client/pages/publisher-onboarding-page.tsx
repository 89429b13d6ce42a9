import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Publisher Onboarding" description="Coming soon." />;
}
