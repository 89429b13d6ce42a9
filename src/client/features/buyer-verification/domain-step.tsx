import type { DomainProofMethod } from "../../../shared/constants";
import {
  BUYER_VERIFICATION_MESSAGES,
  type BuyerVerificationState,
} from "../../../shared/schemas/buyer-verification";
import { VERIFICATION_META_NAME } from "../../../shared/schemas/publisher";
import { Button } from "../../components/ui/button";
import { CopyField } from "../../components/ui/copy-field";
import { FormAlert } from "../../components/ui/form-alert";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { StageHeading } from "./stage-heading";
import { useCheckDomain } from "./use-buyer-verification";

/** The homepage tag around the token the server gives (it sends the token, or the whole tag). */
function buyerMetaTag(metaTag: string): string {
  return metaTag.trimStart().startsWith("<")
    ? metaTag
    : `<meta name="${VERIFICATION_META_NAME}" content="${metaTag}">`;
}

/**
 * Step 1: prove the website's domain, either way. Each check says in place why it failed (the record
 * not found yet, the page unreachable), beside the button that ran it.
 */
export function DomainStep({ state, autoFocus }: { state: BuyerVerificationState; autoFocus: boolean }) {
  const check = useCheckDomain();
  const domain = state.current?.domain ?? state.domain ?? "";
  const failedMethod = check.isError ? check.variables?.method : undefined;
  const run = (method: DomainProofMethod) =>
    check.mutate(
      { method },
      { onSuccess: () => toast({ title: BUYER_VERIFICATION_MESSAGES.domainVerified }) },
    );
  const pendingMethod = check.isPending ? check.variables?.method : undefined;
  return (
    <div className="space-y-4">
      <StageHeading autoFocus={autoFocus}>Step 1: prove that {domain} is yours</StageHeading>
      <p className="text-sm text-slate-700">
        Publish one of these on <span className="font-medium break-all">{domain}</span>, then run its check.
        Either one is enough.
      </p>
      <section
        aria-labelledby="verify-dns-heading"
        className="space-y-3 rounded-md border border-slate-200 p-4"
      >
        <h4 id="verify-dns-heading" className="text-sm font-semibold">
          A DNS TXT record
        </h4>
        <p className="text-sm text-slate-700">
          Add a TXT record at <span className="font-medium break-all">{domain}</span> (host “@”) with this
          value. DNS changes can take a while to be seen.
        </p>
        <CopyField
          label="TXT record value"
          value={state.txtRecord}
          copyLabel="Copy TXT record value"
          noun="TXT record value"
          testId="verification-txt-record"
        />
        <Button type="button" variant="secondary" disabled={check.isPending} onClick={() => run("dns")}>
          {pendingMethod === "dns" ? "Checking..." : "Check DNS record"}
        </Button>
        <FormAlert>{failedMethod === "dns" && errorMessage(check.error)}</FormAlert>
      </section>
      <section
        aria-labelledby="verify-meta-heading"
        className="space-y-3 rounded-md border border-slate-200 p-4"
      >
        <h4 id="verify-meta-heading" className="text-sm font-semibold">
          A meta tag on your homepage
        </h4>
        <p className="text-sm text-slate-700">
          Paste this tag into the <code>&lt;head&gt;</code> of{" "}
          <span className="font-medium break-all">{state.website ?? domain}</span>.
        </p>
        <CopyField
          label="Meta tag"
          value={buyerMetaTag(state.metaTag)}
          copyLabel="Copy meta tag"
          noun="meta tag"
          testId="verification-meta-tag"
        />
        <Button type="button" variant="secondary" disabled={check.isPending} onClick={() => run("meta")}>
          {pendingMethod === "meta" ? "Checking..." : "Check meta tag"}
        </Button>
        <FormAlert>{failedMethod === "meta" && errorMessage(check.error)}</FormAlert>
      </section>
    </div>
  );
}
