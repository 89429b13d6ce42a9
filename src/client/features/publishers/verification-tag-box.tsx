import { domainVerificationTag } from "../../../shared/schemas/publisher";
import { CopyField } from "../../components/ui/copy-field";

/** The meta tag to paste into the homepage's <head>, with a copy button (onboarding step 3). */
export function VerificationTagBox({ userId }: { userId: string }) {
  return (
    <CopyField
      label="Verification tag"
      value={domainVerificationTag(userId)}
      copyLabel="Copy verification tag"
      noun="verification tag"
      testId="verification-tag"
    />
  );
}
