import { useSyncExternalStore } from "react";
import { formatDate } from "../../shared/format";

// A page the server drew is hydrated: the browser's first render must give exactly the server's markup,
// or React throws the server's away and draws the page again (and says so in the console). What only
// the browser knows (its time zone, its storage, the size of its window) is therefore shown from the
// render after that first one.

const never = () => () => {};

/**
 * False while the server draws a page and while the browser hydrates it, true from the next render on
 * (and at once for a page drawn in the browser alone).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * formatDate in the viewer's time zone, except while a server-drawn page hydrates: the server knows no
 * time zone of the viewer's and writes dates in UTC, so the first render does too. A date a time zone
 * moves to another day changes once, right after hydration.
 */
export function useFormatDate(): (value: string | Date) => string {
  const hydrated = useHydrated();
  return hydrated ? formatDate : formatDateInUtc;
}

const formatDateInUtc = (value: string | Date) => formatDate(value, "UTC");
