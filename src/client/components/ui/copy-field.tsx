import { Copy } from "lucide-react";
import { useId } from "react";
import { Button } from "./button";
import { toast } from "./use-toast";

/**
 * A value to paste elsewhere (a meta tag, a DNS record) shown as code, with a Copy button. Without
 * clipboard permission the value is selected, so it can be copied with the keyboard.
 */
export function CopyField({
  label,
  value,
  copyLabel,
  noun,
  testId,
}: {
  label: string;
  value: string;
  /** The button's accessible name ("Copy verification tag"). */
  copyLabel: string;
  /** What the value is, for the toasts ("tag": "The tag is on your clipboard."). */
  noun: string;
  testId?: string;
}) {
  const codeId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: "Copied", description: `The ${noun} is on your clipboard.` });
    } catch {
      const code = document.getElementById(codeId);
      if (code) window.getSelection()?.selectAllChildren(code);
      toast({ title: `Copy the ${noun}`, description: `Select the ${noun} and copy it with your keyboard.` });
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <code
          id={codeId}
          className="block min-w-0 flex-1 break-all rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-xs text-slate-900"
          data-testid={testId}
        >
          {value}
        </code>
        <Button type="button" variant="secondary" onClick={copy} aria-label={copyLabel}>
          <Copy className="h-4 w-4" aria-hidden />
          Copy
        </Button>
      </div>
    </div>
  );
}
