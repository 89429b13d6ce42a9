import { Plus, X } from "lucide-react";
import type { Ref } from "react";
import { PUBLISHER_LIMITS } from "../../../shared/schemas/publisher";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";

const REFERENCE_PLACEHOLDER = "Name, Company, Email, Phone";

/**
 * Reference lines (onboarding step 4): one to start, "Add" on the last line while there are fewer than
 * three. The group's message ("Provide at least one reference") is tied to every line; a line that
 * names nobody or no way to reach them gets its own message under it.
 */
export function ReferencesField({
  id,
  value,
  onChange,
  error,
  itemErrors = [],
  firstRef,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
  itemErrors?: (string | undefined)[];
  firstRef?: Ref<HTMLInputElement>;
}) {
  const lines = value.length > 0 ? value : [""];
  const errorId = `${id}-error`;
  const setLine = (index: number, text: string) =>
    onChange(lines.map((line, i) => (i === index ? text : line)));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Business references</legend>
      <p className="text-sm text-slate-600">
        One reference per line, written as: {REFERENCE_PLACEHOLDER}. Each needs a name and an email or phone
        number we can reach them at. Up to {PUBLISHER_LIMITS.referencesMax}.
      </p>
      {lines.map((line, index) => {
        const lineId = `${id}-${index}`;
        const lineErrorId = `${lineId}-error`;
        const itemError = itemErrors[index];
        const isLast = index === lines.length - 1;
        const describedBy = [itemError ? lineErrorId : null, error ? errorId : null]
          .filter(Boolean)
          .join(" ");
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positions in a short list, edited in place
          <div key={index} className="space-y-1">
            <Label htmlFor={lineId}>Reference {index + 1}</Label>
            <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <Input
                id={lineId}
                ref={index === 0 ? firstRef : undefined}
                value={line}
                placeholder={REFERENCE_PLACEHOLDER}
                maxLength={PUBLISHER_LIMITS.referenceMaxLength}
                aria-invalid={error || itemError ? true : undefined}
                aria-describedby={describedBy || undefined}
                onChange={(event) => setLine(index, event.target.value)}
              />
              {isLast && lines.length < PUBLISHER_LIMITS.referencesMax && (
                <Button type="button" variant="secondary" onClick={() => onChange([...lines, ""])}>
                  <Plus className="h-4 w-4" aria-hidden />
                  Add
                </Button>
              )}
              {index > 0 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove reference ${index + 1}`}
                  onClick={() => onChange(lines.filter((_, i) => i !== index))}
                >
                  <X className="h-4 w-4" aria-hidden />
                </Button>
              )}
            </div>
            {itemError && (
              <p id={lineErrorId} role="alert" className="text-sm text-red-700">
                {itemError}
              </p>
            )}
          </div>
        );
      })}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
