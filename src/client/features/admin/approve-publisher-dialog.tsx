import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { applicantName } from "./admin-format";
import { ApprovalWarningList } from "./approval-warning-list";
import { type DecisionDialogProps, useDecidePublisher } from "./use-publisher-review";

/**
 * Approving asks first, as rejecting does: the publisher is emailed and can send deal requests at once.
 * What the admin should know before approving (an unverified domain, another application for the
 * same website) is listed in the dialog; the server records it with the approval.
 */
export function ApprovePublisherDialog({
  publisher,
  open,
  onOpenChange,
  onCloseAutoFocus,
  onDecided,
}: DecisionDialogProps) {
  const { approve } = useDecidePublisher({
    onDecided: () => {
      onOpenChange(false);
      onDecided?.();
    },
  });
  const name = applicantName(publisher);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Approve Publisher"
      description={`Approve ${name}${publisher.website ? ` for ${publisher.website}` : ""}? They are emailed the decision and can send deal requests at once.`}
      confirmLabel="Approve Publisher"
      pendingLabel="Approving..."
      isPending={approve.isPending}
      onConfirm={() => approve.mutate(publisher.id)}
      confirmVariant="primary"
    >
      <ApprovalWarningList publisher={publisher} />
    </ConfirmDialog>
  );
}
