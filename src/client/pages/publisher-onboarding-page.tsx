import { ComingSoon } from "../features/shell/coming-soon";

export default function PublisherOnboardingPage() {
  return (
    <ComingSoon
      title="Publisher Onboarding"
      description="Five steps to a verified publisher profile: business details, traffic, verticals and geographies, references, and TCPA compliance."
    />
  );
}
