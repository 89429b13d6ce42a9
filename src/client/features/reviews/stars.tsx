import { Star } from "lucide-react";
import { REVIEW_LIMITS } from "../../../shared/constants";
import { cn } from "../../lib/cn";

const STARS = Array.from({ length: REVIEW_LIMITS.ratingMax }, (_, i) => i + 1);
const starWord = (n: number) => `${n} star${n === 1 ? "" : "s"}`;

/** A rating as five stars, read out as "4 out of 5 stars" (the icons are decoration). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span className={cn("inline-flex items-center gap-0.5", className)}>
      <span className="sr-only">
        {Number.isInteger(rating) ? rating : rating.toFixed(1)} out of {REVIEW_LIMITS.ratingMax} stars
      </span>
      {STARS.map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn("h-4 w-4", n <= filled ? "fill-amber-400 text-amber-500" : "text-slate-300")}
        />
      ))}
    </span>
  );
}

/**
 * Choosing 1 to 5 stars: native radio buttons (arrow keys move between them, a screen reader says
 * "3 stars, 3 of 5"), drawn as stars; the stars up to the chosen one are filled.
 */
export function StarRatingInput({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium">Rating</legend>
      <div className="flex gap-1">
        {STARS.map((n) => (
          <label key={n} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <span className="sr-only">{starWord(n)}</span>
            <Star
              aria-hidden
              className={cn(
                "h-8 w-8 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                value !== null && n <= value ? "fill-amber-400 text-amber-500" : "text-slate-400",
              )}
            />
          </label>
        ))}
      </div>
      <p className="text-sm text-slate-600" aria-hidden>
        {value ? starWord(value) : "Choose 1 to 5 stars"}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
