import { ComingSoon } from "../components/coming-soon";

export default function Page() {
  return <ComingSoon title="Terms of Service" description="Coming soon." />;
}
