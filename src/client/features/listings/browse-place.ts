import { useEffect, useRef } from "react";

// "Back to Browse" returns to the list the visitor left: its filters (the URL) and, once its results are
// on screen again, the scroll position. Kept per tab in sessionStorage, so a reload or the
// browser's own Back finds it too; a storage the browser refuses (private mode) only loses the memory.

const STORAGE_KEY = "ppc.browse-place";

interface BrowsePlace {
  /** Path and query of the browse page, e.g. "/browse?vertical=Solar". */
  url: string;
  scrollY: number;
}

function readPlace(): BrowsePlace | null {
  try {
    const place = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Partial<BrowsePlace> | null;
    if (typeof place?.url !== "string" || typeof place.scrollY !== "number") return null;
    return place.url.startsWith("/browse") ? { url: place.url, scrollY: place.scrollY } : null;
  } catch {
    return null;
  }
}

function writePlace(place: BrowsePlace): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(place));
  } catch {
    // Storage refused: Back to Browse falls back to the unfiltered list.
  }
}

/** Where "Back to Browse" leads: the browse page the visitor was last on, else the whole directory. */
export function browseReturnUrl(): string {
  return readPlace()?.url ?? "/browse";
}

/**
 * Remembers the browse page's URL and scroll position while it is shown, and scrolls back to the
 * remembered position once `isReady` (its results are rendered) when the page opens at the same URL.
 */
export function useBrowsePlace(url: string, isReady: boolean): void {
  const restored = useRef(false);
  useEffect(() => {
    // Nothing is remembered before the results are shown: the page's height is not final yet.
    if (!isReady) return;
    if (!restored.current) {
      restored.current = true;
      const place = readPlace();
      if (place?.url === url && place.scrollY > 0) window.scrollTo(0, place.scrollY);
    }
    const remember = () => {
      // A scroll event can arrive after a link has already left the page (the new page starting at its
      // top): that position is not the list's.
      if (`${window.location.pathname}${window.location.search}` !== url) return;
      writePlace({ url, scrollY: window.scrollY });
    };
    remember();
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [isReady, url]);
}
