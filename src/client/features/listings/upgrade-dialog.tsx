import { lazy, Suspense, useState } from "react";

// The prompt (a Radix dialog and its content) is its own chunk: the directory and the listing page load
// it when a visitor first asks for a contact, not before the browser can take over the page.
const UpgradePrompt = lazy(() => import("./upgrade-prompt"));

/** The upgrade prompt of a page that offers contacts: loaded on its first opening, then kept. */
export function UpgradeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <UpgradePrompt open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
