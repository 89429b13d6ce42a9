import { ComingSoon } from "../features/shell/coming-soon";

export default function BuyerDashboardPage() {
  return (
    <ComingSoon
      title="Buyer Dashboard"
      description="Your company profile, your listings and the publishers interested in them."
    />
  );
}
