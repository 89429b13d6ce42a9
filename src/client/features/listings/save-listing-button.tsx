import { Bookmark, BookmarkCheck } from "lucide-react";
import type { Listing } from "../../../shared/schemas/listings";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useToggleSaved } from "./use-listings";

/**
 * The one Save toggle: on the detail page and on every card. A toggle button (aria-pressed) whose name
 * starts with what it shows ("Save" or "Saved") and carries the listing's title, so on a page of cards
 * each button says which listing it is about.
 */
export function SaveListingButton({
  listing,
  isSaved,
  size = "md",
  className,
}: {
  listing: Listing;
  isSaved: boolean;
  size?: "md" | "sm";
  className?: string;
}) {
  const { toggle, isPending } = useToggleSaved(listing, isSaved);
  const Icon = isSaved ? BookmarkCheck : Bookmark;
  return (
    <Button
      variant="secondary"
      size={size}
      // Styled by its pressed state: aria-pressed utilities come after the variant's in Tailwind's CSS,
      // so they win over its border and text colours (cn does not merge classes).
      className={cn(
        "aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700",
        className,
      )}
      onClick={toggle}
      disabled={isPending}
      aria-pressed={isSaved}
      aria-label={`${isSaved ? "Saved" : "Save"}: ${listing.title}`}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {isSaved ? "Saved" : "Save"}
    </Button>
  );
}
