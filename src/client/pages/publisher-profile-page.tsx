import { ComingSoon } from "../features/shell/coming-soon";

export default function PublisherProfilePage() {
  return (
    <ComingSoon title="Publisher Profile" description="Edit your publisher profile and verify your domain." />
  );
}
