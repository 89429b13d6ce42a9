import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/**
 * A box that scrolls sideways (a wide table on a phone). It takes keyboard focus and is a named region,
 * so someone without a mouse or touch screen can scroll it with the arrow keys and hears what it holds.
 */
export function ScrollRegion({
  label,
  className,
  ...props
}: HTMLAttributes<HTMLElement> & { label: string }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus to be scrolled by keyboard
      tabIndex={0}
      className={cn("overflow-x-auto", className)}
      {...props}
    />
  );
}
