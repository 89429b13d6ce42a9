import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";

// "Open a dispute" on an accepted deal (either party). The dialog is its own chunk, loaded on the first
// press and kept mounted after, so a half-written reason survives closing it.

const OpenDisputeDialog = lazy(() => import("./open-dispute-dialog"));

export function OpenDisputeButton({ dealIntentId, dealName }: { dealIntentId: string; dealName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
        aria-label={`Open a dispute: ${dealName}`}
      >
        <Flag className="h-4 w-4" aria-hidden />
        Open a dispute
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <OpenDisputeDialog
            dealIntentId={dealIntentId}
            dealName={dealName}
            isOpen={isOpen}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
