import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-slate-200", className)} {...props} />;
}

/**
 * One line of text still to come, exactly as tall as that text will be: `className` carries the text's
 * own type classes (`text-sm`, `text-3xl`, `leading-snug`), so the line box matches the real one and the
 * page does not move when the text arrives (layout shift). `width` sets the shimmer's length.
 */
export function SkeletonLine({ className, width }: { className?: string; width: string }) {
  return (
    <div aria-hidden className={className}>
      <span className={cn("inline-block animate-pulse rounded bg-slate-200", width)}>&nbsp;</span>
    </div>
  );
}

/** A badge still to come (components/ui/badge), as wide as the word it holds. */
export function SkeletonBadge({ word = "Insurance" }: { word?: string }) {
  return (
    <span
      aria-hidden
      className="inline-flex animate-pulse rounded-full border border-transparent bg-slate-200 px-2.5 py-0.5 text-xs"
    >
      <span className="invisible">{word}</span>
    </span>
  );
}
