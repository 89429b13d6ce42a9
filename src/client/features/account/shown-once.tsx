import { Copy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";

/**
 * A secret the server answers once (a new API key, a webhook's signing secret): read-only, selected
 * whole on focus, with a Copy button and the warning that it will not be shown again.
 */
export function ShownOnce({ label, value, warning }: { label: string; value: string; warning: string }) {
  const inputId = useId();
  const warningId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState("");
  // It replaces the form whose button had focus: focus (and so select) the secret, ready to copy.
  useEffect(() => input.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("Copied.");
    } catch {
      // The browser refused the clipboard (no permission, not a secure page): leave it selected to copy by hand.
      input.current?.select();
      setCopied("Your browser did not allow copying: the text is selected, copy it with your keyboard.");
    }
  };

  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={inputId}
          readOnly
          value={value}
          aria-describedby={warningId}
          spellCheck={false}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="secondary" onClick={copy}>
          <Copy className="h-4 w-4" aria-hidden />
          Copy
        </Button>
      </div>
      <p
        id={warningId}
        className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900"
      >
        {warning}
      </p>
      <p role="status" className="text-sm text-slate-700">
        {copied}
      </p>
    </div>
  );
}
