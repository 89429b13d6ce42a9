// The contact rule's part that needs no listing (docs/product.md), written once for both sides: Premium
// subscribers and administrators see every listing's contact. The server's canSeeContact
// (lib/listing-read.ts) adds the per-listing cases, the owning buyer and an accepted deal;
// the browse page's banner asks it to know, before any listing arrives, whether contacts will be masked.
// No zod here: the browse page's bundle has a size budget.

export function seesEveryContact(
  viewer: { role: string; hasActiveSubscription: boolean } | null | undefined,
): boolean {
  return Boolean(viewer && (viewer.hasActiveSubscription || viewer.role === "admin"));
}
