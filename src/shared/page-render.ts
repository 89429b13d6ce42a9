import type { PublicConfig } from "./schemas/config";
import type { Listing, ListingDetail } from "./schemas/listings";
import type { MarketFigures } from "./schemas/market-figures";

// The contract between the server and the client's server-side entry (src/client/entry-server.tsx, built
// by Vite beside the client): the client knows which of its pages are drawn on the server and which API
// reads each starts from; the server makes those reads as a visitor (its own services, no HTTP) and
// hands the answers back to be drawn. The same answers travel in the page as the client's first query
// data, so the browser does not ask for them again.

/** A read a server-drawn page starts from: each stands for one GET the client would otherwise make. */
export type PageRead =
  | { kind: "config" }
  | { kind: "market-figures" }
  /** A first page of the directory: `url` is the API's own (path and query), as the client asks it. */
  | { kind: "directory"; url: string }
  | { kind: "listing"; id: string };

/** A read's answer, as a signed-out visitor gets it from the API. */
export type PageReadResult =
  | { kind: "config"; data: PublicConfig }
  | { kind: "market-figures"; data: MarketFigures }
  /** `next` is the next page's API URL (the answer's `Link: rel="next"`), or null on the last page. */
  | { kind: "directory"; url: string; data: Listing[]; next: string | null }
  | { kind: "listing"; id: string; data: ListingDetail };

export interface RenderedPage {
  /** The markup that goes inside the page's root element. */
  html: string;
  /**
   * The page's own module, as the client build's manifest names it ("pages/browse-page.tsx"): the browser
   * needs its chunk before it can take the page over, so the server has it fetched from the start.
   */
  module: string;
  /**
   * The client's first query data, as JSON safe to put inside `<script type="application/json">`
   * (every `<`, `>` and `&` written as a `\u` escape, so no value can close the script).
   */
  state: string;
}

export interface PageRenderer {
  /** The reads the page at `url` (path and query) starts from, or null: the page is drawn in the browser. */
  readsFor(url: string): PageRead[] | null;
  /** Draws the page at `url` as a signed-out visitor sees it, from the answers to its reads. */
  render(url: string, results: readonly PageReadResult[]): Promise<RenderedPage>;
}

/** The id of the script element that carries RenderedPage.state. */
export const PAGE_STATE_ELEMENT_ID = "page-state";

// A script block is raw text up to the first "</script": JSON's own \u escapes keep "<" (and the
// characters a script treats specially) out of it without changing the data.
const SCRIPT_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON for a `<script>` block (JSON-LD, a page's state): no value inside can end the script. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] ?? c);
}

/**
 * A cookie the app keeps in step with the current-user answer (features/auth/signed-in-hint.ts): "1"
 * while someone is signed in here. Not a credential (the session cookie is, and pages never read it):
 * it only tells the server that this browser's next page is a signed-in viewer's, which the server
 * then leaves to the browser to draw rather than drawing the visitor's page first.
 */
export const SIGNED_IN_HINT_COOKIE = "ppc.signed-in";
