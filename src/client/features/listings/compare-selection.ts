import { useSyncExternalStore } from "react";
import { MAX_COMPARED_LISTINGS } from "../../../shared/constants";
import { toast } from "../../components/ui/use-toast";

// The listings ticked for comparison on Browse and Saved. They are kept per tab in sessionStorage, so
// ticks survive moving between the two pages, a reload and Load More, yet a new tab starts clean; once the
// compare page opens, its URL holds the set (that is the address a person shares). A storage the
// browser refuses (private mode) keeps the ticks in memory for the page's life.

const STORAGE_KEY = "ppc.compare";

let selected: readonly string[] = readStored();
const listeners = new Set<() => void>();

function readStored(): readonly string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter((id): id is string => typeof id === "string").slice(0, MAX_COMPARED_LISTINGS);
  } catch {
    return [];
  }
}

function setSelected(ids: readonly string[]): void {
  selected = ids;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage refused: the ticks live in memory only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The compare page's address for a set of listing ids. */
export const comparePath = (ids: readonly string[]) => `/compare?ids=${ids.join(",")}`;

const NONE: readonly string[] = [];

/**
 * The ticked listings (in the order ticked) and the ways to change them. None on the server and while a
 * server-drawn page hydrates (the server cannot read this tab's storage); the tab's own from then on.
 */
export function useCompareSelection() {
  const ids = useSyncExternalStore(
    subscribe,
    () => selected,
    () => NONE,
  );
  return {
    ids,
    /** Ticks or unticks a listing; a tick past the limit is refused with a message and returns false. */
    toggle(id: string): boolean {
      if (selected.includes(id)) {
        setSelected(selected.filter((other) => other !== id));
        return true;
      }
      if (selected.length >= MAX_COMPARED_LISTINGS) {
        toast({
          title: `You can compare up to ${MAX_COMPARED_LISTINGS} listings`,
          description: "Untick one of the listings you chose to add this one.",
          variant: "destructive",
        });
        return false;
      }
      setSelected([...selected, id]);
      return true;
    },
    clear: () => setSelected([]),
  };
}
