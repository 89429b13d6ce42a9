import { Copy } from "lucide-react";
import { useId } from "react";
import { domainVerificationTag } from "../../../shared/schemas/publisher";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";

/** The meta tag to paste into the homepage's <head>, with a copy button (onboarding step 3). */
export function VerificationTagBox({ userId }: { userId: string }) {
  const tag = domainVerificationTag(userId);
  const codeId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(tag);
      toast({ title: "Copied", description: "The verification tag is on your clipboard." });
    } catch {
      // No clipboard permission: select the tag so the user can copy it themselves.
      const code = document.getElementById(codeId);
      if (code) window.getSelection()?.selectAllChildren(code);
      toast({ title: "Copy the tag", description: "Select the tag and copy it with your keyboard." });
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">Verification tag</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <code
          id={codeId}
          className="block min-w-0 flex-1 break-all rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-xs text-slate-900"
          data-testid="verification-tag"
        >
          {tag}
        </code>
        <Button type="button" variant="secondary" onClick={copy} aria-label="Copy verification tag">
          <Copy className="h-4 w-4" aria-hidden />
          Copy
        </Button>
      </div>
    </div>
  );
}
