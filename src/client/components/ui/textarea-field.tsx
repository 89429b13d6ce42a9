import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from "react";
import { formatCount } from "../../../shared/format";
import { FormField } from "./form-field";
import { Textarea } from "./textarea";

/**
 * A labelled text area for a bounded text (a reason, a message, a note) with its validation message and
 * how many characters are used of `limit`; the count is tied to the field, so a screen reader reads it
 * with the label. `length` is the current text's length (the field may be react-hook-form's, unwatched).
 */
export const TextareaField = forwardRef<
  HTMLTextAreaElement,
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
    id: string;
    label: ReactNode;
    error: string | undefined;
    length: number;
    /** The most characters the text may have. */
    limit: number;
    /** Said after the count when the text has a minimum length. */
    minimum?: number;
  }
>(({ id, label, error, length, limit, minimum, ...props }, ref) => {
  const countId = `${id}-count`;
  return (
    <div className="space-y-1">
      <FormField id={id} label={label} error={error}>
        {(control) => (
          <Textarea
            {...control}
            aria-describedby={[control["aria-describedby"], countId].filter(Boolean).join(" ")}
            ref={ref}
            {...props}
          />
        )}
      </FormField>
      <p id={countId} className="text-right text-xs text-slate-600">
        {formatCount(length)}/{formatCount(limit)} characters
        {minimum ? ` (at least ${formatCount(minimum)})` : ""}
      </p>
    </div>
  );
});
TextareaField.displayName = "TextareaField";
