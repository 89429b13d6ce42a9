import { DISPUTE_LIMITS } from "../../../shared/constants";
import { openDisputeSchema } from "../../../shared/schemas/disputes";
import { TextEntryDialog } from "../../components/ui/text-entry-dialog";
import { toast } from "../../components/ui/use-toast";
import { useOpenDispute } from "./use-disputes";

/**
 * The form of "Open a dispute" (its own chunk: zod and the shared schema load on the first press, so
 * the pages showing the button stay light): a reason of 10 to 2,000 characters. The other party is
 * emailed and may respond once; an administrator decides.
 */
export default function OpenDisputeDialog({
  dealIntentId,
  dealName,
  isOpen,
  onClose,
}: {
  dealIntentId: string;
  dealName: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const open = useOpenDispute();
  return (
    <TextEntryDialog
      open={isOpen}
      onClose={onClose}
      title="Open a dispute"
      description={`About ${dealName}. We email the other party, who may respond once; an administrator then decides. Say what went wrong and what you expect.`}
      field={{
        id: `dispute-reason-${dealIntentId}`,
        label: "Reason",
        limit: DISPUTE_LIMITS.reasonMax,
        minimum: DISPUTE_LIMITS.reasonMin,
        rows: 5,
      }}
      validate={(reason) => openDisputeSchema.safeParse({ dealIntentId, reason }).error?.issues[0]?.message}
      action={open}
      send={(reason, done) =>
        open.mutate(
          { dealIntentId, reason },
          {
            onSuccess: () => {
              toast({ title: "Dispute Opened", description: "We told the other party by email." });
              done();
            },
          },
        )
      }
      submitLabel="Open Dispute"
      pendingLabel="Opening..."
      destructive
    />
  );
}
