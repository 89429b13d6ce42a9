import { CheckCircle2, ShieldCheck } from "lucide-react";
import { formatDate } from "../../../shared/format";
import { PUBLISHER_MESSAGES, type PublisherProfile } from "../../../shared/schemas/publisher";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { useVerifyDomain } from "./use-publisher";
import { VerificationTagBox } from "./verification-tag-box";

/**
 * "Complete Verification" (verification may be left for later in the wizard, and a new website clears
 * it): while the website is unverified, runs the server's check of the profile's website; a failure
 * says why and shows the tag to place. Once verified, says so.
 */
export function DomainVerificationAction({ profile, userId }: { profile: PublisherProfile; userId: string }) {
  const verify = useVerifyDomain();
  if (profile.domainVerifiedAt) {
    return (
      <p className="flex items-center gap-2 text-sm text-green-800">
        <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
        Domain verified on {formatDate(profile.domainVerifiedAt)}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <Button
        type="button"
        variant="secondary"
        className="w-full justify-start"
        disabled={verify.isPending}
        onClick={() =>
          verify.mutate(
            {},
            {
              onSuccess: () =>
                toast({
                  title: PUBLISHER_MESSAGES.domainVerified,
                  description: PUBLISHER_MESSAGES.domainVerifiedDescription,
                }),
            },
          )
        }
      >
        <ShieldCheck className="h-4 w-4" aria-hidden />
        {verify.isPending ? "Verifying..." : "Complete Verification"}
      </Button>
      {verify.isError && (
        <>
          <FormAlert>{errorMessage(verify.error)}</FormAlert>
          <VerificationTagBox userId={userId} />
        </>
      )}
    </div>
  );
}
